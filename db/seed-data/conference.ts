/** The programme of the 4ª Jornada Multiprofissional em Nefrologia: 14 talks over two days. */
import type { conferenceTalks } from '../schema.ts'

type TalkRow = typeof conferenceTalks.$inferInsert & { id: number }

/** Days of the Jornada (a Friday and a Saturday); each day is one live stream starting at 08:00. */
export const CONFERENCE_DAYS = { 1: '2027-10-22', 2: '2027-10-23' } as const
const STREAM_START = '08:00'

/** Brazil has had no daylight saving time since 2019: America/Sao_Paulo is UTC−03:00 all year. */
function saoPauloToUtc(date: string, time: string) {
  return new Date(`${date}T${time}:00-03:00`)
}

function minutesBetween(from: string, to: string) {
  const [fh = 0, fm = 0] = from.split(':').map(Number)
  const [th = 0, tm = 0] = to.split(':').map(Number)
  return th * 60 + tm - (fh * 60 + fm)
}

type Talk = { time: string; title: string; speaker: string; bio: string }

const PROGRAMME: Record<1 | 2, Talk[]> = {
  1: [
    {
      time: '08:30',
      title: 'Abertura: o cuidado multiprofissional na doença renal crônica',
      speaker: 'Dr. Ricardo Almeida Tavares',
      bio: 'Nefrologista, diretor de ensino do Instituto Renalis. Doutor em Medicina Interna pela UFPR e responsável técnico por unidade de hemodiálise em Curitiba há 20 anos.',
    },
    {
      time: '09:20',
      title: 'Prevenção de infecção de corrente sanguínea em cateteres de hemodiálise',
      speaker: 'Enf. Juliana Moreira Costa',
      bio: 'Enfermeira especialista em nefrologia pela SOBEN, coordenadora de enfermagem da unidade de diálise do Instituto e membro da comissão de controle de infecção.',
    },
    {
      time: '10:30',
      title: 'Controle de fósforo sem sofrimento: estratégias de educação alimentar',
      speaker: 'Nutr. Camila Ferreira Lopes',
      bio: 'Nutricionista, mestre em Alimentação e Nutrição, dedica-se à nutrição renal e à produção de materiais educativos para pacientes em diálise.',
    },
    {
      time: '11:20',
      title: 'Cuidado da fístula arteriovenosa: punção em escada, em área e botoeira',
      speaker: 'Enf. Marcos Vinícius Ribeiro',
      bio: 'Enfermeiro com 15 anos de experiência em hemodiálise, instrutor do laboratório de habilidades do Instituto Renalis em punção de fístula guiada por ultrassom.',
    },
    {
      time: '14:00',
      title: 'Sarcopenia e exercício durante a hemodiálise',
      speaker: 'Dra. Fernanda Kowalski',
      bio: 'Fisioterapeuta, doutora em Ciências da Reabilitação, coordena o programa de exercício intradialítico do Instituto e pesquisa fragilidade em pacientes renais.',
    },
    {
      time: '14:50',
      title: 'Saúde mental e adesão ao tratamento dialítico',
      speaker: 'Dra. Patrícia Nogueira Lima',
      bio: 'Psicóloga hospitalar, doutora em Psicologia Clínica, atua há 12 anos com pacientes em diálise e suas famílias.',
    },
    {
      time: '16:00',
      title: 'Mesa-redonda: a jornada do paciente, do diagnóstico à terapia renal substitutiva',
      speaker: 'Dr. Ricardo Almeida Tavares e convidados',
      bio: 'Debate com nefrologista, enfermeira, nutricionista, psicóloga e um paciente transplantado sobre a escolha compartilhada do tratamento.',
    },
  ],
  2: [
    {
      time: '08:30',
      title: 'Transplante renal preemptivo: quem encaminhar e quando',
      speaker: 'Dr. Eduardo Schmidt Wagner',
      bio: 'Nefrologista de transplante, coordenador de ambulatório de pré-transplante em Curitiba e professor do curso de Transplante Renal do Instituto.',
    },
    {
      time: '09:20',
      title: 'Diálise peritoneal domiciliar: treinamento do paciente e do cuidador',
      speaker: 'Enf. Luciana Prado Martins',
      bio: 'Enfermeira responsável pelo programa de diálise peritoneal do Instituto Renalis, com formação em educação em saúde.',
    },
    {
      time: '10:30',
      title: 'Ultrassom point-of-care à beira do leito: volemia e acesso vascular',
      speaker: 'Dra. Helena Matsumoto',
      bio: 'Nefrologista e intensivista, instrutora de ultrassom point-of-care e coordenadora do curso de POCUS em Nefrologia do Instituto.',
    },
    {
      time: '11:20',
      title: 'Nutrição no transplante renal: ganho de peso e síndrome metabólica',
      speaker: 'Nutr. Rafael Bertoldi',
      bio: 'Nutricionista clínico da equipe de transplante, especialista em nutrição em nefrologia e pesquisador em composição corporal.',
    },
    {
      time: '13:30',
      title: 'Lesão renal aguda na UTI: quando indicar a terapia renal substitutiva',
      speaker: 'Dr. André Luiz Fontana',
      bio: 'Nefrologista intensivista, coordena o serviço de nefrologia de terapia intensiva de hospital parceiro e o curso de LRA na UTI do Instituto.',
    },
    {
      time: '14:20',
      title: 'Farmacoterapia na DRC: ajuste de dose e polifarmácia',
      speaker: 'Dra. Beatriz Zanetti',
      bio: 'Farmacêutica clínica, doutora em Ciências Farmacêuticas, atua em farmácia clínica de nefrologia e no Centro de Pesquisa Clínica do Instituto.',
    },
    {
      time: '15:30',
      title: 'Pesquisa clínica multiprofissional: da pergunta ao protocolo',
      speaker: 'Dra. Mariana Castilho Duarte',
      bio: 'Nefrologista, coordenadora do Centro de Pesquisa Clínica do Instituto Renalis e investigadora principal de estudos de fase 2 e 3 em doença renal crônica.',
    },
  ],
}

/** Placeholder ids of the two day streams (11 characters, like YouTube's). */
const STREAMS = {
  1: { videoId: 'jornada-4-dia-1', youtubeId: 'RnlsJ4Dia01' },
  2: { videoId: 'jornada-4-dia-2', youtubeId: 'RnlsJ4Dia02' },
} as const

export const TALK_ROWS: TalkRow[] = ([1, 2] as const).flatMap((day) =>
  PROGRAMME[day].map((talk, i) => ({
    id: (day - 1) * 7 + i + 1,
    day,
    slot: i + 1,
    initAt: saoPauloToUtc(CONFERENCE_DAYS[day], talk.time),
    title: talk.title,
    speaker: talk.speaker,
    content: talk.bio,
    videoId: STREAMS[day].videoId,
    videoInit: minutesBetween(STREAM_START, talk.time) * 60,
    youtubeId: STREAMS[day].youtubeId,
  })),
)
