import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, formatElapsed } from '../../web/src/features/conference/conference-format.ts'
import { ConferencePage } from '../../web/src/features/conference/conference-page.tsx'
import { forgetClockSamples } from '../../web/src/features/conference/server-clock.ts'
import type { ClockAnswer, ClockTalk } from '../../worker/domain/conference.ts'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

const DAY_1 = Date.parse('2027-10-22T08:00:00-03:00')
const talk = (key: number, slot: number, minutesAfter8: number): ClockTalk => ({
  key,
  session: [1, slot],
  init: DAY_1 + minutesAfter8 * 60_000,
  title: `Palestra ${key}`,
  speaker: `Palestrante ${key}`,
  content: `Minicurrículo ${key}`,
  video_id: 'jornada-4-dia-1',
  video_init: minutesAfter8 * 60,
  youtube_id: 'RnlsJ4Dia01',
})
const INITS = [talk(0, 1, 30), talk(1, 2, 80), talk(2, 3, 150)]

/** The server's answer at `serverNow`, whatever this device's clock says. */
function answerAt(serverNow: number, overrides: Partial<ClockAnswer> = {}): ClockAnswer {
  return {
    inits: INITS,
    now: serverNow,
    status: 'live',
    url: null,
    version: 1,
    live: null,
    next: null,
    ...overrides,
  }
}

/** The server's clock runs `aheadMs` in front of this device's, as if the device were wrong. */
function serveClock(aheadMs: number, at: (deviceNow: number) => number, extra: Record<string, unknown> = {}) {
  const { fetchMock, calls } = mockFetch({ '/admin/user/get': { body: null }, ...extra })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/4a-jornada-multiprofissional/get/video_init' && !url.searchParams.has('key')) {
        calls.push({ path: url.pathname, init })
        return Response.json(answerAt(at(Date.now()) + aheadMs))
      }
      return fetchMock(input, init)
    }),
  )
  return calls
}

beforeEach(() => {
  forgetClockSamples()
})
describe('conference page', () => {
  it('plays the live talk from the server’s position, whatever the device’s clock says', async () => {
    // Server time: talk 1 began 10 min 5 s ago; the device's clock says 2026 or whatever it says.
    const startedAgo = 10 * 60_000 + 5000
    const offset = INITS[1]!.init + startedAgo - Date.now()
    serveClock(0, (deviceNow) => deviceNow + offset)
    renderWithApp(<ConferencePage />)

    const stage = await screen.findByRole('region', { name: 'Transmissão' })
    expect(await within(stage).findByText('Ao vivo')).toBeTruthy()
    expect(within(stage).getAllByText('Palestra 1').length).toBeGreaterThan(0)
    const user = userEvent.setup()
    expect(document.querySelector('iframe')).toBeNull() // nothing from the video host before play
    await user.click(within(stage).getByRole('button', { name: 'Assistir ao vivo' }))
    const frame = (await within(stage).findByTitle('Vídeo: Palestra 1')) as HTMLIFrameElement
    const url = new URL(frame.src)
    expect(url.origin).toBe('https://www.youtube-nocookie.com')
    expect(url.pathname).toBe('/embed/RnlsJ4Dia01')
    const expected = 80 * 60 + Math.floor((Date.now() + offset - INITS[1]!.init) / 1000)
    expect(Math.abs(Number(url.searchParams.get('start')) - expected)).toBeLessThanOrEqual(1)

    // The programme marks the live talk.
    const programme = screen.getByRole('region', { name: 'Programação' })
    const current = within(programme).getByText('Palestra 1').closest('li')!
    expect(current.getAttribute('aria-current')).toBe('true')
  })

  it('shows the official clock of the server, not the device’s', async () => {
    const ahead = 3 * 60 * 60_000 + 17 * 60_000 // the device is hours off
    serveClock(ahead, (deviceNow) => deviceNow)
    renderWithApp(<ConferencePage />)
    const clock = await screen.findByTestId('official-clock')
    const expected = new Intl.DateTimeFormat('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Sao_Paulo',
    }).format(Date.now() + ahead)
    expect(clock.textContent?.slice(0, 5)).toBe(expected)
  })

  it('before the first talk: a countdown to it', async () => {
    serveClock(0, () => INITS[0]!.init - (2 * 86_400_000 + 3 * 3_600_000))
    renderWithApp(<ConferencePage />)
    expect(await screen.findByText('A transmissão começa em')).toBeTruthy()
    const timer = screen.getByRole('timer')
    expect(timer.textContent).toMatch(/^2 dias e 0[23]:\d\d:\d\d$/)
  })

  it('after the conference: each talk’s recording, fetched with its key when asked', async () => {
    const after = INITS[2]!.init + 86_400_000
    const calls = serveClock(0, () => after, {
      '/4a-jornada-multiprofissional/get/video_init': {
        body: answerAt(after, {
          url: 'https://www.youtube-nocookie.com/embed/RnlsJ4Dia01?start=4800&autoplay=1&rel=0',
        }),
      },
    })
    renderWithApp(<ConferencePage />)
    expect(await screen.findByText(/A Jornada foi encerrada/)).toBeTruthy()
    const item = screen.getByText('Palestra 1').closest('li')!
    const user = userEvent.setup()
    await user.click(within(item).getByRole('button', { name: 'Assistir à gravação' }))
    const frame = (await within(item).findByTitle('Vídeo: Palestra 1')) as HTMLIFrameElement
    expect(frame.src).toContain('start=4800')
    expect(calls.some((call) => call.path === '/4a-jornada-multiprofissional/get/video_init')).toBe(true)
  })

  it("a failing poll shows 'erro ao pegar horários.' and the page offers a retry", async () => {
    const { fetchMock } = mockFetch({
      '/admin/user/get': { body: null },
      '/4a-jornada-multiprofissional/get/video_init': { status: 503, body: { msg: 'indisponível' } },
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<ConferencePage />)
    expect(
      await screen.findByText(
        (_, element) =>
          element?.hasAttribute('data-title') === true && element.textContent === 'erro ao pegar horários.',
        undefined,
        { timeout: 8000 },
      ),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy()
  })

  it('an administrator can move a late talk and the rest of its day', async () => {
    const shifted = answerAt(Date.now(), { version: 2 })
    const calls = serveClock(0, (deviceNow) => deviceNow, {
      '/admin/user/get': {
        body: { id: 1, name: 'Admin', email: 'a@b.c', phone: null, photo: null, type: 'A', new_user: false },
      },
      '/api/admin/conference/shift': { body: shifted },
    })
    renderWithApp(<ConferencePage />)
    const panel = await screen.findByRole('region', { name: /Ajustar a programação ao vivo/ })
    const user = userEvent.setup()
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'A partir da palestra' }), '2')
    const minutes = within(panel).getByRole('spinbutton', { name: 'Minutos' })
    await user.clear(minutes)
    await user.type(minutes, '15')
    await user.click(within(panel).getByRole('button', { name: 'Ajustar programação' }))
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/conference/shift')).toBe(true))
    const call = calls.find((entry) => entry.path === '/api/admin/conference/shift')!
    expect(JSON.parse(String(call.init?.body))).toEqual({ day: 1, from_slot: 2, minutes: 15 })
  })
})

describe('conference formats', () => {
  it.each([
    [0, '00:00:00'],
    [999, '00:00:01'],
    [3_723_000, '01:02:03'],
    [86_400_000 + 9000, '1 dia e 00:00:09'],
    [2 * 86_400_000 + 3_600_000, '2 dias e 01:00:00'],
    [-5000, '00:00:00'],
  ])('countdown %i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })

  it('elapsed time of a live talk', () => {
    expect(formatElapsed(605.9)).toBe('10 min 05 s')
    expect(formatElapsed(42)).toBe('42 s')
  })
})
