import { type ComponentProps, type ComponentType, createContext, lazy, useContext } from 'react';

/**
 * Collects, during a server render, the code-split modules the page used (entry-server.tsx), so
 * the server can name their chunks in the page's head and the browser fetches them beside the main
 * script instead of after it. Null in the browser.
 */
export const RenderedModules = createContext<Set<string> | null>(null);

/**
 * A component loaded on demand, in its own chunk. `module` is its file under src/web, as Vite's
 * manifest names it (dist/web/.vite/manifest.json): a wrong name only loses the preload.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
export function lazyPage<C extends ComponentType<any>>(module: string, load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  const Loaded = lazy(load) as unknown as ComponentType<ComponentProps<C>>;
  function LazyPage(props: ComponentProps<C>) {
    useContext(RenderedModules)?.add(module);
    return <Loaded {...props} />;
  }
  return LazyPage;
}
