// A new deploy, noticed by the page.  When a new build's service worker has
// installed (the new version is precached) and waits, the page offers to
// reload; only the player's answer swaps the new version in and reloads.
// The page never reloads by itself: a game in progress is saved after every
// move and resumes after the reload.  The check runs when the page is shown
// again and once an hour (the browser also checks on every navigation).

/** Call offer(apply) when a new version waits; apply() switches to it and reloads.
 *  @param {(apply: () => void) => void} offer @param {{every?: number}} [options] */
export function watchForUpdates(offer, { every = 60 * 60 * 1000 } = {}) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  let accepted = false;
  sw.addEventListener("controllerchange", () => { if (accepted) location.reload(); });
  const waiting = (/** @type {ServiceWorkerRegistration} */ reg) => {
    if (!reg.waiting || !sw.controller) return;   // nothing new, or a first visit
    const next = reg.waiting;
    offer(() => {
      accepted = true;
      next.postMessage({ tsuro: "skip-waiting" });
    });
  };
  sw.ready.then((reg) => {
    waiting(reg);
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      if (next) next.addEventListener("statechange", () => { if (next.state === "installed") waiting(reg); });
    });
    const check = () => reg.update().catch(() => { /* offline: the next check */ });
    setInterval(check, every);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
  });
}
