import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ConferenceCertificatesResult } from '../../../../worker/contract/conference.ts'
import type { ClockAnswer } from '../../../../worker/domain/conference.ts'
import { api } from '../../lib/api.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { CONFERENCE_TEXT } from './conference.messages.ts'
import { conferenceKeys, recordAnswer } from './conference.queries.ts'

export type ScheduleShift = { day: number; from_slot: number; minutes: number }

/**
 * For administrators: POST /api/admin/conference/shift moves a talk and the rest of its day by some
 * minutes. The answer is the new clock: this browser shows it at once, viewers on their next poll.
 */
export function useShiftSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (shift: ScheduleShift) => {
      const sentAt = Date.now()
      const shifted = await api<ClockAnswer>('/api/admin/conference/shift', { method: 'POST', json: shift })
      recordAnswer(shifted, sentAt)
      return shifted
    },
    onSuccess: (shifted) => {
      queryClient.setQueryData(conferenceKeys.clock(), shifted)
      void toastSuccess(CONFERENCE_TEXT.shifted)
    },
    onError: (error) => void toastError(error),
  })
}

/** Calls the issuing until nothing remains (each call issues a batch): the totals of all calls. */
async function issueAllConferenceCertificates(): Promise<ConferenceCertificatesResult> {
  let issued = 0
  for (;;) {
    const result = await api<ConferenceCertificatesResult>('/api/admin/conference/certificates', {
      method: 'POST',
    })
    issued += result.issued
    if (result.remaining === 0 || result.issued === 0) return { ...result, issued }
  }
}

/** For administrators, after the conference: 'Emitir certificados da jornada' (repeatable). */
export function useIssueConferenceCertificates({
  onIssued,
}: {
  onIssued: (result: ConferenceCertificatesResult) => void
}) {
  return useMutation({
    mutationFn: issueAllConferenceCertificates,
    onSuccess: onIssued,
    onError: (error) => void toastError(error),
  })
}
