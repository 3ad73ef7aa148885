// Fonts bundled as bytes (wrangler.toml's [[rules]] type "Data"): the certificates' PDF.
declare module '*.ttf' {
  const bytes: ArrayBuffer
  export default bytes
}
