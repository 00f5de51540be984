/** What the office map shows, for the footer's picture, the map drawn on request and the contact page's island. */

/** The map itself: its centre (latitude, longitude), zoom, the marker's popup and the map's accessible name. */
export type MapProps = { center: [number, number]; zoom: number; popup: string; label: string };

/**
 * The map with its way out: a maps site's search for the office, the link when there is no map, and that link's
 * words after the office's name (`open in a map` unless the page's language gives others).
 */
export type OfficeMapProps = MapProps & { directionsUrl: string; openInMap?: string };
