/** Lets non-React code (the API client) navigate with the app's router. */
let navigator: ((to: string) => void) | undefined;
export function setNavigator(fn: (to: string) => void) {
  navigator = fn;
}
export function navigateTo(to: string) {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
