import { useState } from 'react'
import type { ClockAnswer } from '../../../../worker/domain/conference.ts'
import { FieldShell, INPUT_CLASS, SubmitButton } from '../../lib/form-field.tsx'
import { ConferenceAdminPanel, NumberSelect, talkName } from './admin-panel.tsx'
import { useShiftSchedule } from './conference.mutations.ts'

/**
 * For administrators: a talk runs late, so it and the rest of its day move by some minutes
 * (POST /api/admin/conference/shift). Viewers follow on their next poll.
 */
export function ShiftPanel({ answer }: { answer: ClockAnswer }) {
  const shift = useShiftSchedule()
  const days = [...new Set(answer.inits.map((talk) => talk.session[0]))].sort((a, b) => a - b)
  const [day, setDay] = useState(days[0] ?? 1)
  const [fromSlot, setFromSlot] = useState(1)
  const [minutes, setMinutes] = useState('10')
  const slots = answer.inits.filter((talk) => talk.session[0] === day)

  return (
    <ConferenceAdminPanel
      title="Ajustar a programação ao vivo (administração)"
      intro="Uma palestra atrasou? Desloque-a junto com as seguintes do mesmo dia; use minutos negativos para adiantar."
      amber
    >
      <form
        className="mt-4 grid gap-4 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault()
          shift.mutate({ day, from_slot: fromSlot, minutes: Number(minutes) })
        }}
      >
        <NumberSelect
          label="Dia"
          value={day}
          onChange={(next) => {
            setDay(next)
            setFromSlot(1)
          }}
        >
          {days.map((option) => (
            <option key={option} value={option}>
              Dia {option}
            </option>
          ))}
        </NumberSelect>
        <NumberSelect label="A partir da palestra" value={fromSlot} onChange={setFromSlot}>
          {slots.map((talk) => (
            <option key={talk.key} value={talk.session[1]}>
              {talkName(talk, 40)}
            </option>
          ))}
        </NumberSelect>
        <FieldShell label="Minutos">
          {(ids) => (
            <input
              {...ids}
              className={INPUT_CLASS}
              type="number"
              inputMode="numeric"
              min={-240}
              max={240}
              step={1}
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
            />
          )}
        </FieldShell>
        <SubmitButton
          pending={shift.isPending}
          className="btn btn-primary sm:col-span-3 sm:justify-self-start"
        >
          Ajustar programação
        </SubmitButton>
      </form>
    </ConferenceAdminPanel>
  )
}
