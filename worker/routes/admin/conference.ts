import { ConferenceCertificatesResult } from '../../contract/conference.ts'
import { issueConferenceCertificates } from '../../services/conference/certificates.ts'
import { shiftConferenceProgramme } from '../../services/conference/clock.ts'
import { ClockAnswer, ShiftInput } from '../conference.ts'
import { json, routesOf } from '../operation.ts'
import { operation } from './operations.ts'

/** The Jornada as the institute runs it: the programme's timing, then its certificates. */
export const adminConferenceRoutes = routesOf(
  operation({
    operationId: 'shiftConferenceProgramme',
    route: 'POST /api/admin/conference/shift',
    tags: ['Jornada'],
    summary: 'Atrasar (ou adiantar) uma palestra e as seguintes do mesmo dia',
    description: 'Quem assiste acompanha em segundos (a cópia do Worker dura até 2 s).',
    body: ShiftInput,
    answers: json(200, ClockAnswer, 'A programação ajustada.'),
    errors: ['notFound'],
    run: ({ ctx, input: { day, from_slot, minutes } }) =>
      shiftConferenceProgramme({ ctx, shift: { day, fromSlot: from_slot, minutes } }),
  }),
  operation({
    operationId: 'issueConferenceCertificates',
    route: 'POST /api/admin/conference/certificates',
    tags: ['Jornada'],
    summary: 'Emitir certificados da jornada',
    description:
      'Depois da última palestra: um certificado de participação para quem assistiu à parcela mínima da programação (configurada; padrão 75 %), com as horas assistidas, e um de palestrante por palestra. Pode ser repetido sem duplicar; emite em lotes (`remaining` diz quanto falta).',
    answers: json(200, ConferenceCertificatesResult, 'O que foi emitido e o que falta.'),
    errors: ['conflict'],
    run: ({ ctx }) => issueConferenceCertificates({ ctx }),
  }),
)
