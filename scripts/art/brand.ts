/** The mark: a rising sun over two hills with a heart, in the charity's warm palette. */
const mark = `<circle cx="32" cy="34" r="15" fill="#f59e0b"/>
<g stroke="#f59e0b" stroke-width="3.5" stroke-linecap="round"><path d="M32 9v5M14.3 16.3l3.5 3.5M49.7 16.3l-3.5 3.5M7 34h5M52 34h5"/></g>
<path d="M4 50 Q20 34 36 46 Q48 38 60 48 V60 H4 Z" fill="#c2410c"/>
<path d="M32 44 C22 36 24 28 32 33 C40 28 42 36 32 44 Z" fill="#fff7ed"/>`;

/** The favicon (public/favicon.svg). */
export const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#fff7ed"/><g transform="translate(0 -2)">${mark}</g></svg>\n`;

/** The logo (src/assets/logo.svg). */
export const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Tumaini Children's Foundation"><g transform="translate(0 -2)">${mark}</g></svg>\n`;
