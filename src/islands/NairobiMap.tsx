import { useState } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer } from 'react-leaflet';
import { MAP_TILE_URL } from '../lib/csp.ts';
import type { MapProps } from '../lib/office-map.ts';

/** The interactive Leaflet map of Nairobi. Loaded only in the browser, and only when it nears the viewport. */
export default function NairobiMap({ center, zoom, popup, label }: MapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  return (
    <div className="nairobi-map" role="region" aria-label={label}>
      <MapContainer center={center} zoom={zoom} scrollWheelZoom={false} className="nairobi-map__canvas">
        <TileLayer
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          url={MAP_TILE_URL}
          eventHandlers={{ tileerror: () => setTilesFailed(true) }}
        />
        <CircleMarker
          center={center}
          radius={10}
          pathOptions={{ color: '#8f2e07', fillColor: '#b93d0b', fillOpacity: 0.9 }}
        >
          <Popup>{popup}</Popup>
        </CircleMarker>
      </MapContainer>
      {tilesFailed && <p className="nairobi-map__note">Map images could not load; the marker shows our office.</p>}
    </div>
  );
}
