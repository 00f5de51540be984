import { lazy, Suspense, useEffect, useState } from 'react';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import type { OfficeMapProps } from '../lib/office-map.ts';
import { loadStylesheet } from '../lib/stylesheet.ts';

// Leaflet's stylesheet is fetched with the map code, so pages that never scroll to a map never download either.
const NairobiMap = lazy(async () => {
  const [map] = await Promise.all([import('./NairobiMap.tsx'), loadStylesheet(leafletStylesheet)]);
  return map;
});

/**
 * Placeholder that swaps in the Leaflet map once hydrated (`client:visible`, so only near the viewport).
 * Leaflet touches `window` when imported, so it is loaded in the browser only.
 */
export default function OfficeMap({ directionsUrl, openInMap = 'open in a map', ...map }: OfficeMapProps) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = (
    <div className="nairobi-map nairobi-map--placeholder">
      <a href={directionsUrl} target="_blank" rel="noopener noreferrer">
        {map.popup} — {openInMap}
      </a>
    </div>
  );
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NairobiMap {...map} />
    </Suspense>
  );
}
