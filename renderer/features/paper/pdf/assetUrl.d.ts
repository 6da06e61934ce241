/** Vite's `?url` import: the bundled file's URL (used for pdf.js's worker). */
declare module "*?url" {
  const url: string;
  export default url;
}
