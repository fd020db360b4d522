import { createElement, use, type ComponentType, type ReactElement } from "react";

export interface PreloadableComponent<Props extends object> {
  (props: Props): ReactElement;
  /** Loads the component's code now; resolves once it renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * A lazily loaded component that renders at once when its code is already here. React.lazy
 * suspends on its first render even then, and React holds the reveal of a suspended boundary
 * until 300 ms after its fallback showed: a page whose code was preloaded before the first render
 * (preloadRoute) shows without that wait, and one that was not still suspends as with React.lazy.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>): PreloadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to arrive (a deploy, the network) is asked for again next time.
        loading = undefined;
        throw error;
      },
    ));
  function Preloadable(props: Props) {
    return createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(Preloadable, { preload });
}
