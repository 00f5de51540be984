/**
 * The footer's office map on request: each `[data-office-map]` shows a picture of where the office is, and its
 * "Show the map" button (shown once this script runs; without JavaScript the picture and the link to a maps site
 * remain) loads React and Leaflet on its first press and draws the interactive map in the picture's place.
 */
import { files as mapFiles } from 'virtual:on-demand/office-map';
import type { MapProps } from '../lib/office-map.ts';

type MapModule = typeof import('../islands/mountNairobiMap.tsx');

/**
 * Loads the map's module (src/islands/mountNairobiMap.tsx) with all its files requested at once, not each after the
 * file that imports it: on a slow connection every such step costs a round trip.
 */
async function loadMap(): Promise<MapModule> {
  for (const file of mapFiles) {
    if (document.querySelector(`link[rel="modulepreload"][href="${file}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.append(link);
  }
  return (await import(/* @vite-ignore */ mapFiles[0] ?? '')) as MapModule;
}

/** Wires every office map holder on the page. */
export function initOfficeMaps(): void {
  for (const holder of document.querySelectorAll<HTMLElement>('[data-office-map]')) {
    const button = holder.querySelector<HTMLButtonElement>('[data-show-map]');
    const frame = holder.querySelector<HTMLElement>('[data-map-frame]');
    const status = holder.querySelector<HTMLElement>('[data-map-status]');
    if (!button || !frame || !status) continue;
    const props = JSON.parse(holder.dataset['map'] ?? '{}') as MapProps;
    // The page's words (OfficeMap.astro): while it loads, and when it could not (the button can be pressed again).
    const { loading = '', failed = '' } = holder.dataset;
    const show = async () => {
      button.disabled = true;
      status.textContent = loading;
      try {
        const { mountNairobiMap } = await loadMap();
        await mountNairobiMap(frame, props);
      } catch {
        button.disabled = false;
        status.textContent = failed;
        return;
      }
      status.textContent = '';
      // Hidden rather than removed: the page's other buttons keep their places.
      button.hidden = true;
      // The map takes the button's place, so it takes its focus too (Leaflet's container pans with the arrow keys).
      frame.querySelector<HTMLElement>('.leaflet-container')?.focus();
    };
    button.addEventListener('click', () => void show());
    button.hidden = false;
  }
}
