import { queryOptions } from '@tanstack/react-query'
import { type ClockAnswer, CONFERENCE_PATH, type Talk } from '../../../../worker/domain/conference.ts'
import { api } from '../../lib/api.ts'
import { recordClockSample } from './server-clock.ts'

export const CLOCK_PATH = `${CONFERENCE_PATH}/get/video_init`
/** Viewers ask every few seconds: an admin's change reaches them within this plus the Worker's 2 s. */
export const CLOCK_POLL_MS = 5000

export const conferenceKeys = {
  all: ['conference'] as const,
  clock: () => [...conferenceKeys.all, 'clock'] as const,
}

/** Each answer from this browser is also a sample of the server's clock. */
export function recordAnswer(answer: ClockAnswer, sentAt: number) {
  if (typeof window === 'undefined') return
  recordClockSample({ sentAt, receivedAt: Date.now(), serverNow: answer.now })
}

/** SPEC section 7: GET /4a-jornada-multiprofissional/get/video_init → inits, now, status, url. */
export function conferenceClockQuery() {
  return queryOptions({
    queryKey: conferenceKeys.clock(),
    queryFn: async ({ signal }) => {
      const sentAt = Date.now()
      const answer = await api<ClockAnswer>(CLOCK_PATH, { signal })
      recordAnswer(answer, sentAt)
      return answer
    },
    staleTime: 0,
    refetchInterval: CLOCK_POLL_MS,
  })
}

/** SPEC section 4: a talk's own video is fetched with its key when the viewer asks for it. */
export async function talkVideoUrl(key: number): Promise<string | null> {
  const sentAt = Date.now()
  const answer = await api<ClockAnswer>(`${CLOCK_PATH}?key=${key}`)
  recordAnswer(answer, sentAt)
  return answer.url
}

export const toTalk = (talk: ClockAnswer['inits'][number]): Talk => ({
  key: talk.key,
  day: talk.session[0],
  slot: talk.session[1],
  init: talk.init,
  title: talk.title,
  speaker: talk.speaker,
  content: talk.content,
  videoId: talk.video_id,
  videoInit: talk.video_init,
  youtubeId: talk.youtube_id,
})
