import { LoaderCircle, Play } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../components/icons.tsx'

type VideoPlayerProps = {
  /** What is playing, for the frame's accessible name and the poster. */
  title: string
  /** The play button's label ('Assistir ao vivo', 'Assistir à gravação'). */
  playLabel: string
  /** The embed URL at the moment of the press (the live position is computed then). */
  source: () => string | null | Promise<string | null>
  /**
   * While playing, a change of this value loads the video again from `source()` (the live talk
   * changed, or an admin moved the programme).
   */
  syncKey?: string
  /** Only the button until the press (a recording in the programme list). */
  compact?: boolean
  /** Told when the video starts or stops showing (the attendance heartbeat beats meanwhile). */
  onPlayingChange?: (playing: boolean) => void
}

/**
 * A privacy-friendly player: until the viewer presses play it is our own poster and button, so
 * nothing is requested from the video host (no script, no thumbnail, no cookie). The press
 * creates the youtube-nocookie iframe, starting where the server's clock says.
 */
export function VideoPlayer({
  title,
  playLabel,
  source,
  syncKey,
  compact = false,
  onPlayingChange,
}: VideoPlayerProps) {
  const [src, setSrc] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [failed, setFailed] = useState(false)
  const playing = src !== null
  const sourceRef = useRef(source)
  sourceRef.current = source
  const onPlayingRef = useRef(onPlayingChange)
  onPlayingRef.current = onPlayingChange

  useEffect(() => {
    onPlayingRef.current?.(playing)
  }, [playing])
  // Gone (the talk ended, the page moved on): no longer playing.
  useEffect(() => () => onPlayingRef.current?.(false), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: syncKey is the trigger; src is read through state
  useEffect(() => {
    if (!playing) return
    void Promise.resolve(sourceRef.current()).then((next) => setSrc(next))
  }, [syncKey])

  if (src) {
    return (
      <iframe
        src={src}
        title={`Vídeo: ${title}`}
        data-testid="video-frame"
        className="aspect-video w-full rounded-2xl bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    )
  }
  const play = async () => {
    setPending(true)
    setFailed(false)
    try {
      const next = await sourceRef.current()
      if (next) setSrc(next)
      else setFailed(true)
    } catch {
      setFailed(true)
    } finally {
      setPending(false)
    }
  }
  const button = (
    <button
      type="button"
      className={compact ? 'btn btn-outline' : 'btn bg-white text-teal-900 hover:bg-teal-50'}
      disabled={pending}
      onClick={() => void play()}
    >
      {pending ? (
        <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
      ) : (
        <Icon drawing={Play} className="size-5" />
      )}
      {playLabel}
    </button>
  )
  const note = failed
    ? 'Vídeo indisponível no momento. Tente de novo em instantes.'
    : 'O vídeo (YouTube, modo de privacidade aprimorada) só é carregado quando você aperta o play.'
  if (compact) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {button}
        {failed ? (
          <p className="text-red-800 text-sm" role="alert">
            {note}
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <div className="relative grid aspect-video w-full place-items-center overflow-hidden rounded-2xl bg-gradient-to-br from-teal-900 via-teal-800 to-slate-900 p-6 text-center text-white">
      <div className="grid justify-items-center gap-4">
        <p className="max-w-xl font-semibold text-lg md:text-xl">{title}</p>
        {button}
        <p className="max-w-md text-sm text-teal-50" role={failed ? 'alert' : undefined}>
          {note}
        </p>
      </div>
    </div>
  )
}
