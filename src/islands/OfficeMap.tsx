import { lazy, Suspense, useEffect, useState } from 'react';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';

type Props = {
  center: [number, number];
  zoom: number;
  popup: string;
  label: string;
  /** Link to a maps search, the fallback when the map cannot load. */
  directionsUrl: string;
};

/** Resolves once the stylesheet has loaded (or failed: the map then shows unstyled rather than never). */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((done) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  });
}

// Leaflet's stylesheet is fetched with the map code, so pages that never scroll to a map never download either.
const NairobiMap = lazy(async () => {
  const [map] = await Promise.all([import('./NairobiMap.tsx'), loadStylesheet(leafletStylesheet)]);
  return map;
});

/**
 * Placeholder that swaps in the Leaflet map once hydrated (`client:visible`, so only near the viewport).
 * Leaflet touches `window` when imported, so it is loaded in the browser only.
 */
export default function OfficeMap({ directionsUrl, ...map }: Props) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = (
    <div className="nairobi-map nairobi-map--placeholder">
      <a href={directionsUrl} target="_blank" rel="noopener noreferrer">
        {map.popup} — open in a map
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
