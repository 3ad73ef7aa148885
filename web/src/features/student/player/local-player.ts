import type { LessonPlayer, MountOptions } from './port.ts'

/**
 * The local stand-in (issue 39): an HTML5 <video> over the demo video the Worker serves off
 * production, with the browser's own controls (keyboard included), reporting what it plays.
 */
export function mountLocalPlayer(
  container: HTMLElement,
  { src, title, onEvent, onFailure }: MountOptions & { src: string },
): LessonPlayer {
  const video = document.createElement('video')
  video.src = src
  video.controls = true
  video.playsInline = true
  video.preload = 'auto'
  video.setAttribute('aria-label', `Videoaula: ${title}`)
  video.className = 'aspect-video w-full rounded-xl bg-slate-900'
  const ms = () => Math.round(video.currentTime * 1000)
  // The browser tells a seek once it is under way: where playing was, from the last position
  // seen and the time since (timeupdate comes every quarter of a second or so).
  let seen = { position: 0, at: performance.now() }
  const note = () => {
    seen = { position: ms(), at: performance.now() }
  }
  const listeners: [keyof HTMLVideoElementEventMap, () => void][] = [
    [
      'playing',
      () => {
        note()
        onEvent({ type: 'play', position: ms(), rate: video.playbackRate })
      },
    ],
    ['pause', () => onEvent({ type: 'pause', position: ms() })],
    ['waiting', () => onEvent({ type: 'pause', position: ms() })],
    ['ended', () => onEvent({ type: 'ended', position: ms() })],
    ['ratechange', () => onEvent({ type: 'rate', position: ms(), rate: video.playbackRate })],
    ['timeupdate', note],
    [
      'seeking',
      () => {
        const elapsed = video.paused ? 0 : (performance.now() - seen.at) * video.playbackRate
        onEvent({ type: 'seek', position: Math.round(seen.position + elapsed), target: ms() })
        note()
      },
    ],
    [
      'error',
      () => onFailure('Não foi possível carregar o vídeo desta aula. Recarregue a página e tente de novo.'),
    ],
  ]
  for (const [name, listener] of listeners) video.addEventListener(name, listener)
  container.append(video)
  // The press that mounted it lets it play with sound; if the browser still refuses, the controls stay.
  void video.play().catch(() => undefined)
  return {
    position: ms,
    destroy() {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener)
      video.pause()
      video.removeAttribute('src')
      video.remove()
    },
  }
}
