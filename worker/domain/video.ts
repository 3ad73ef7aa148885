/**
 * Where the lessons' and the conference's videos come from (issue 39): YouTube's privacy-enhanced
 * player, driven by its IFrame API, whose script is served from www.youtube.com; locally, a short
 * demo video the Worker serves itself (never deployed).
 */
export const VIDEO_PLAYER_HOST = 'https://www.youtube-nocookie.com'
export const YOUTUBE_API_ORIGIN = 'https://www.youtube.com'
export const YOUTUBE_IFRAME_API = `${YOUTUBE_API_ORIGIN}/iframe_api`

/** The local stand-in's video: web/public/conteudo-demo/videos/, served by a local-only route. */
export const LOCAL_VIDEO_PATH = '/api/dev/videoaula.webm'

/** Its length (scripts/make-demo-video.ts): the demo course's lessons last exactly this. */
export const LOCAL_VIDEO_SECONDS = 24
