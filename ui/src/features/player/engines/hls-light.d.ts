// hls.js's light build (no subtitles, alternate audio tracks, DRM or CMCD: a channel's HLS is
// audio renditions only) ships without a declaration of its own; its API is the full build's.
declare module 'hls.js/dist/hls.light.mjs' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
