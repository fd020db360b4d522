/** Shown in place of a picture its server does not give (a supplier's, a news site's): a grey frame with a picture sign. */
export const MISSING_PICTURE = `data:image/svg+xml;utf8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="110" viewBox="0 0 160 110"><rect width="160" height="110" fill="#f0f0f0"/><path d="M52 78l20-24 14 16 10-12 20 20z" fill="#bfbfbf"/><circle cx="104" cy="38" r="8" fill="#bfbfbf"/></svg>`,
)}`;
