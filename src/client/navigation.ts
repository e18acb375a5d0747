// The full-page navigations the client makes (the OAuth start redirect, the One Tap redirect). One object, so a test
// can replace `assign` and check the address instead of leaving the page.
export const navigation = {
  assign(url: string): void {
    window.location.href = url;
  },
};
