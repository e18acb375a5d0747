// Loading a third-party script into the page once (Google's One Tap client, the captcha, the telemetry script).

const scripts = new Map<string, Promise<void>>();

/**
 * Adds a script for `src` to the page once per address and resolves when it has run. A failed load rejects with
 * `failure()`, takes its element out again and is forgotten, so the next call tries again.
 */
export function loadScript(src: string, failure: () => Error): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        reject(failure());
      };
      document.head.append(script);
    });
    loading.catch(() => scripts.delete(src));
    scripts.set(src, loading);
  }
  return loading;
}
