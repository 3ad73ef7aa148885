import { YOUTUBE_IFRAME_API } from '../../../../../worker/domain/video.ts'
import type { LessonPlayer, MountOptions } from './port.ts'

// The production adapter (issue 39): YouTube's IFrame API on its privacy-enhanced host. Its script
// is requested only when the student presses play (the page's policy allows www.youtube.com's
// scripts and youtube-nocookie.com's frames on a course page, worker/ssr/pages.ts).

/** The part of the IFrame API this adapter uses. */
type YouTubePlayer = {
  getCurrentTime(): number
  getPlaybackRate(): number
  getIframe(): HTMLIFrameElement
  playVideo(): void
  destroy(): void
}
type YouTubeApi = {
  Player: new (
    target: HTMLElement,
    options: {
      host: string
      videoId: string
      width: string
      height: string
      playerVars: Record<string, string | number>
      events: {
        onReady: (event: { target: YouTubePlayer }) => void
        onStateChange: (event: { data: number }) => void
        onPlaybackRateChange: (event: { data: number }) => void
        onError: () => void
      }
    },
  ) => YouTubePlayer
}
declare global {
  interface Window {
    YT?: YouTubeApi
    onYouTubeIframeAPIReady?: () => void
  }
}

/** The IFrame API's player states (YT.PlayerState). */
const STATE = { ended: 0, playing: 1, paused: 2, buffering: 3 } as const

/** The API has no seek event: a position this far from where playing should be is a seek. */
const SEEK_TOLERANCE_MS = 1500
const POLL_MS = 500

let api: Promise<YouTubeApi> | undefined

/** The IFrame API's script, loaded once per page (again after a failure). */
function loadApi(): Promise<YouTubeApi> {
  api ??= new Promise<YouTubeApi>((resolve, reject) => {
    if (window.YT?.Player) return resolve(window.YT)
    const previous = window.onYouTubeIframeAPIReady
    window.onYouTubeIframeAPIReady = () => {
      previous?.()
      if (window.YT) resolve(window.YT)
    }
    const script = document.createElement('script')
    script.src = YOUTUBE_IFRAME_API
    script.async = true
    script.onerror = () => reject(new Error('iframe_api'))
    document.head.append(script)
  }).catch((error: unknown) => {
    api = undefined
    throw error
  })
  return api
}

export function mountYouTubePlayer(
  container: HTMLElement,
  { host, videoId, title, onEvent, onFailure }: MountOptions & { host: string; videoId: string },
): LessonPlayer {
  const target = document.createElement('div')
  container.append(target)
  let player: YouTubePlayer | null = null
  let destroyed = false
  let poll: number | undefined
  const ms = () => Math.round((player?.getCurrentTime() ?? 0) * 1000)
  // Where the video was when last seen playing, and how fast it went.
  let seen = { position: 0, at: performance.now(), rate: 1, playing: false }
  const look = () => {
    if (!player || !seen.playing) return
    const now = performance.now()
    const position = ms()
    const expected = Math.round(seen.position + (now - seen.at) * seen.rate)
    if (Math.abs(position - expected) > SEEK_TOLERANCE_MS)
      onEvent({ type: 'seek', position: expected, target: position })
    seen = { ...seen, position, at: now }
  }
  loadApi()
    .then((YT) => {
      if (destroyed) return
      player = new YT.Player(target, {
        host,
        videoId,
        width: '100%',
        height: '100%',
        playerVars: { autoplay: 1, rel: 0, playsinline: 1, origin: window.location.origin },
        events: {
          onReady: (event) => {
            event.target.getIframe().title = `Videoaula: ${title}`
            event.target.playVideo()
          },
          onStateChange: ({ data }) => {
            const position = ms()
            if (data === STATE.playing) {
              const rate = player?.getPlaybackRate() ?? 1
              seen = { position, at: performance.now(), rate, playing: true }
              onEvent({ type: 'play', position, rate })
              return
            }
            // Buffering advances nothing: it closes the segment as a pause does.
            if (data === STATE.paused || data === STATE.buffering || data === STATE.ended) {
              look()
              seen = { ...seen, playing: false }
              onEvent({ type: data === STATE.ended ? 'ended' : 'pause', position })
            }
          },
          onPlaybackRateChange: ({ data }) => {
            const position = ms()
            seen = { ...seen, position, at: performance.now(), rate: data }
            onEvent({ type: 'rate', position, rate: data })
          },
          onError: () =>
            onFailure(
              'O YouTube não reproduziu este vídeo. Tente de novo mais tarde ou avise o Centro de Ensino.',
            ),
        },
      })
      poll = window.setInterval(look, POLL_MS)
    })
    .catch(() =>
      onFailure('Não foi possível carregar o player do YouTube. Verifique a conexão e tente de novo.'),
    )
  return {
    position: ms,
    destroy() {
      destroyed = true
      window.clearInterval(poll)
      player?.destroy()
      target.remove()
    },
  }
}
