import { describe, expect, it } from 'vitest'
import {
  achievementDescription,
  evidenceOf,
  openBadgeCredential,
  STATUS_LIST_ENTRIES,
  STATUS_MESSAGES,
  statusBits,
  statusIndexOf,
  statusListCredential,
  toSecondIso,
} from '../../worker/domain/open-badge.ts'
import { curitibaIsoDateTime } from '../../worker/domain/time-zone.ts'

describe('status bits', () => {
  it('puts each code at index × 2, left-most bit first, most significant bit first', () => {
    const bits = statusBits([
      { index: 0, status: 'revoked' }, // 10
      { index: 1, status: 'suspended' }, // 01
      { index: 3, status: 'replaced' }, // 11
      { index: 2, status: 'valid' }, // 00
      { index: STATUS_LIST_ENTRIES - 1, status: 'suspended' },
    ])
    expect(bits.length).toBe((STATUS_LIST_ENTRIES * 2) / 8) // 32 KB: ≥ 16 KB, ≥ 131 072 entries
    expect(bits[0]).toBe(0b10_01_00_11)
    expect(bits[1]).toBe(0)
    expect(bits[bits.length - 1]).toBe(0b00_00_00_01)
  })

  it('reads an index from 32 random bits, every index reachable', () => {
    expect(statusIndexOf(0)).toBe(0)
    expect(statusIndexOf(STATUS_LIST_ENTRIES - 1)).toBe(STATUS_LIST_ENTRIES - 1)
    expect(statusIndexOf(STATUS_LIST_ENTRIES)).toBe(0)
    expect(statusIndexOf(0xffff_ffff)).toBe(STATUS_LIST_ENTRIES - 1)
  })

  it('tells one message per value of two bits', () => {
    expect(STATUS_MESSAGES).toEqual([
      { status: '0x0', message: 'valid' },
      { status: '0x1', message: 'suspended' },
      { status: '0x2', message: 'revoked' },
      { status: '0x3', message: 'replaced' },
    ])
  })
})

describe('dates', () => {
  it('drops the milliseconds: validFrom equals nbf to the second', () => {
    expect(toSecondIso(new Date('2026-05-01T12:34:56.789Z'))).toBe('2026-05-01T12:34:56Z')
  })

  it("writes Curitiba's clock with its offset", () => {
    expect(curitibaIsoDateTime(new Date('2026-05-01T02:00:00.500Z'))).toBe('2026-04-30T23:00:00-03:00')
  })
})

describe('evidence', () => {
  it('says in pt-BR each fact a course keeps', () => {
    expect(
      evidenceOf('course', {
        watchedPercent: 92.5,
        lessonsDone: 4,
        lessonsTotal: 4,
        assessment: { scorePercent: 80, attempt: 2, passPercent: 70 },
      }),
    ).toEqual([
      {
        type: ['Evidence'],
        name: 'Vídeos assistidos',
        narrative:
          'Reproduziu 92,5% dos segundos distintos dos vídeos do curso, medidos pelo player durante a reprodução, com a página visível.',
      },
      { type: ['Evidence'], name: 'Aulas concluídas', narrative: 'Concluiu 4 de 4 aulas do curso.' },
      {
        type: ['Evidence'],
        name: 'Avaliação final',
        narrative:
          'Aprovação na avaliação final com 80% de acertos, na 2ª tentativa (mínimo para aprovação: 70%).',
      },
    ])
  })

  it('says the attendance of a class and of the conference, and nothing without evidence', () => {
    expect(evidenceOf('in_person', { attendedMinutes: 480 })).toEqual([
      { type: ['Evidence'], name: 'Presença', narrative: 'Presença registrada de 8 horas.' },
    ])
    expect(evidenceOf('conference', { attendedMinutes: 61 })[0]?.narrative).toBe(
      'Assistiu a 1 hora e 1 minuto da programação ao vivo da jornada, com a sessão iniciada.',
    )
    expect(evidenceOf('course', { lessonsDone: 1 })[0]?.narrative).toBe('Concluiu 1 aula do curso.')
    expect(evidenceOf('course', null)).toEqual([])
    expect(evidenceOf('course', {})).toEqual([])
  })
})

describe('the credential', () => {
  const facts = {
    kind: 'course' as const,
    holderName: 'Ana Beatriz Souza',
    title: 'Diálise Peritoneal',
    minutes: 750,
    startedOn: '2026-04-28',
    completedOn: '2026-05-01',
    body: 'Certificamos que Ana Beatriz Souza concluiu Diálise Peritoneal.',
    issuedAt: new Date('2026-05-01T15:00:00.250Z'),
    evidence: null,
  }
  const place = {
    issuer: 'https://www.institutorenalis.com.br',
    id: 'https://www.institutorenalis.com.br/certificados/RN-7K2M9QX4TD',
    recipientId: 'urn:uuid:3f0c8a52-8d0e-4c5e-9a41-0f6a2b8b1c11',
    signedAt: new Date('2026-06-01T10:00:00.999Z'),
    status: { listUrl: 'https://www.institutorenalis.com.br/api/certificados/situacao/1', index: 4242 },
  }

  it('has the hours in the description and as credits, never a term of its own', () => {
    const credential = openBadgeCredential(facts, place)
    expect(credential.credentialSubject).not.toHaveProperty('hours')
    expect(credential.credentialSubject.achievement.description).toBe(
      'Certificamos que Ana Beatriz Souza concluiu Diálise Peritoneal. Carga horária: 12 horas e 30 minutos.',
    )
    expect(credential.credentialSubject.achievement.creditsAvailable).toBe(12.5)
    expect(achievementDescription('Concluiu, com 12 horas e 30 minutos.', 750)).toBe(
      'Concluiu, com 12 horas e 30 minutos.',
    )
  })

  it('is valid from its signing, awarded when issued, with its activity as date-times in Curitiba', () => {
    const credential = openBadgeCredential(facts, place)
    expect(credential.validFrom).toBe('2026-06-01T10:00:00Z')
    expect(credential.awardedDate).toBe('2026-05-01T15:00:00Z')
    expect(credential.credentialSubject.activityStartDate).toBe('2026-04-28T00:00:00-03:00')
    // The day it ended, up to the moment it was issued (12:00 in Curitiba, before the day's end).
    expect(credential.credentialSubject.activityEndDate).toBe('2026-05-01T12:00:00-03:00')
    const later = openBadgeCredential({ ...facts, issuedAt: new Date('2026-05-03T15:00:00Z') }, place)
    expect(later.credentialSubject.activityEndDate).toBe('2026-05-01T23:59:59-03:00')
    const oneDay = openBadgeCredential({ ...facts, startedOn: null }, place)
    expect(oneDay.credentialSubject).not.toHaveProperty('activityStartDate')
  })

  it('carries one status entry (OB 3.0 allows one) that says every state, and where to read it', () => {
    const { credentialStatus, credentialSubject } = openBadgeCredential(facts, place)
    expect(credentialSubject.id).toBe(place.recipientId)
    expect(credentialStatus).toEqual({
      id: `${place.status.listUrl}#4242`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'message',
      statusListIndex: '4242',
      statusListCredential: place.status.listUrl,
      statusSize: 2,
      statusMessage: STATUS_MESSAGES,
      statusReference: place.id,
    })
  })

  it('signs a status list as a BitstringStatusListCredential with its ttl', () => {
    const list = statusListCredential({
      url: place.status.listUrl,
      issuer: place.issuer,
      validFrom: new Date('2026-06-01T10:00:00.500Z'),
      encodedList: 'uH4sI',
    })
    expect(list).toEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: place.status.listUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: place.issuer,
      validFrom: '2026-06-01T10:00:00Z',
      credentialSubject: {
        id: `${place.status.listUrl}#lista`,
        type: 'BitstringStatusList',
        statusPurpose: 'message',
        encodedList: 'uH4sI',
        ttl: 300_000,
      },
    })
  })
})
