import { useState } from 'react'

/** YouTube's privacy-enhanced host: no cookies until the student plays the video. */
export const VIDEO_HOST = 'https://www.youtube-nocookie.com'

/**
 * A lesson's video, played through the privacy-friendly embed: until the student presses play,
 * nothing at all is requested from the video host (no iframe, no thumbnail, no script).
 */
export function VideoEmbed({ youtubeId, title }: { youtubeId: string; title: string }) {
  const [playing, setPlaying] = useState(false)
  if (!playing) {
    return (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="group grid aspect-video w-full place-items-center rounded-xl bg-slate-900 p-4 text-center text-white"
      >
        <span className="flex flex-col items-center gap-3">
          <span className="grid size-16 place-items-center rounded-full bg-teal-600 shadow-lg group-hover:bg-teal-500">
            {/* Drawn here, not lucide's Play: sharing that icon with the home page's showcase would
                split it into a file of its own on the home page's first load. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-8 translate-x-0.5"
              fill="currentColor"
            >
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
            </svg>
          </span>
          <span className="font-semibold text-lg">
            Reproduzir a videoaula<span className="sr-only">: {title}</span>
          </span>
          <span className="max-w-md text-slate-200 text-sm">
            O vídeo vem do YouTube, no modo de privacidade: nada é carregado antes de você apertar o play.
          </span>
        </span>
      </button>
    )
  }
  return (
    <iframe
      src={`${VIDEO_HOST}/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`}
      title={`Videoaula: ${title}`}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="aspect-video w-full rounded-xl bg-slate-900"
    />
  )
}
