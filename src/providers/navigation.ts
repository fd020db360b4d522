type Navigate = (path: string) => void;

let navigateInApp: Navigate | undefined;

/** Lets code outside React (the API client, timers) use the router once it is mounted. */
export function setNavigator(navigate: Navigate | undefined) {
  navigateInApp = navigate;
}

export function navigateTo(path: string) {
  if (navigateInApp) navigateInApp(path);
  else window.location.assign(path);
}
