// Behaviour shared by every page of the Westlight demo site: the header's menu on small screens, in-page links
// (the scrolling itself is CSS `scroll-behavior`, which honours prefers-reduced-motion), and the toast.

const TOAST_MS = 6000;

// --- Header menu -------------------------------------------------------------------------------------------------
const header = document.querySelector('.site-header');
const toggle = header?.querySelector('.menu-toggle');
const menu = toggle ? document.getElementById(toggle.getAttribute('aria-controls')) : null;

function isMenuOpen() {
  return toggle?.getAttribute('aria-expanded') === 'true';
}

function setMenu(open) {
  if (!toggle || !header) return;
  toggle.setAttribute('aria-expanded', String(open));
  header.classList.toggle('menu-open', open);
}

if (toggle && menu) {
  toggle.addEventListener('click', () => setMenu(!isMenuOpen()));
  // Choosing an item closes the menu before the browser follows the link.
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenu(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isMenuOpen()) {
      setMenu(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (isMenuOpen() && event.target instanceof Node && !header.contains(event.target)) setMenu(false);
  });
}

// --- In-page links -----------------------------------------------------------------------------------------------
// The browser scrolls; we move keyboard focus to the section too, so the next Tab and screen readers continue there.
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href*="#"]') : null;
  if (!link || link.origin !== location.origin || link.pathname !== location.pathname || link.hash.length < 2) return;
  const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (!target) return;
  if (!target.hasAttribute('tabindex') && !target.matches('a[href], button, input, select, textarea')) {
    target.setAttribute('tabindex', '-1');
  }
  target.focus({ preventScroll: true });
});

// --- Toast -------------------------------------------------------------------------------------------------------
// One polite live region for the page, present before any message so that screen readers announce what is added.
const region = document.createElement('div');
region.className = 'toast-region';
region.setAttribute('role', 'status');
region.setAttribute('aria-live', 'polite');
document.body.append(region);

/**
 * Shows a toast with a title and a text. Toasts stack; each one goes away after `duration` ms (paused while the
 * pointer or focus is on it) or when its close button is pressed. Returns the toast element.
 */
export function showToast(title, text, { duration = TOAST_MS } = {}) {
  const toast = document.createElement('div');
  toast.className = 'toast';
  const heading = document.createElement('p');
  heading.className = 'toast-title';
  heading.textContent = title;
  const body = document.createElement('p');
  body.className = 'toast-text';
  body.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', `Dismiss: ${title}`);
  close.textContent = '×';
  toast.append(heading, body, close);

  let timer;
  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, duration);
  };
  close.addEventListener('click', dismiss);
  toast.addEventListener('pointerenter', () => clearTimeout(timer));
  toast.addEventListener('pointerleave', schedule);
  toast.addEventListener('focusin', () => clearTimeout(timer));
  toast.addEventListener('focusout', schedule);

  region.append(toast);
  schedule();
  return toast;
}
