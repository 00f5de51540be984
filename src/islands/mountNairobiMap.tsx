import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import { loadStylesheet } from '../lib/stylesheet.ts';
import NairobiMap from './NairobiMap.tsx';

/** What the map shows: its centre, zoom, the marker's popup and the region's accessible name. */
export type MapProps = { center: [number, number]; zoom: number; popup: string; label: string };

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
