import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import type { MapProps } from '../lib/office-map.ts';
import { loadStylesheet } from '../lib/stylesheet.ts';
import NairobiMap from './NairobiMap.tsx';

/**
 * Draws the Leaflet map in `container` (in place of what it held), once Leaflet's stylesheet is in; the map is in the
 * page when the promise resolves. Loaded by src/scripts/office-map.ts only when a visitor asks for the map, so React
 * and Leaflet reach no other page load.
 */
export async function mountNairobiMap(container: HTMLElement, props: MapProps): Promise<void> {
  await loadStylesheet(leafletStylesheet);
  container.replaceChildren();
  const root = createRoot(container);
  flushSync(() => root.render(<NairobiMap {...props} />));
}
