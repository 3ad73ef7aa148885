import { z } from '@hono/zod-openapi'
import {
  AttendanceInput,
  BulkIssueResult,
  ClassAttendance,
  ConferenceCertificateSettings,
  ConferenceSettingsInput,
  InPersonClassesQuery,
  InPersonClassPage,
  IssuedCertificate,
  IssuedCertificatePage,
  IssuedCertificatesExportQuery,
  IssuedCertificatesQuery,
  ProgressExportQuery,
  ProgressQuery,
  ReissueInput,
  RevokeInput,
  SignatureUploadForm,
  StudentEvidence,
  StudentProgressPage,
} from '../../contract/admin-certificates.ts'
import { Done } from '../../contract/errors.ts'
import { MULTIPART_OVERHEAD_BYTES, SIGNATURE_MAX_BYTES } from '../../domain/uploads.ts'
import { NoQuery } from '../../openapi.ts'
import {
  getClassAttendance,
  issuePresentCertificates,
  listInPersonClasses,
  markAttendance,
} from '../../services/admin/attendance.ts'
import {
  getConferenceSettings,
  issuedListing,
  progressListing,
  reissueIssued,
  revokeIssued,
  studentEvidence,
  updateConferenceSettings,
  uploadConferenceSignature,
  uploadCourseSignature,
} from '../../services/admin/certificates.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation } from './operations.ts'

/** The signature's file, documented as binary (the service checks its type, size and signature). */
const SignatureForm = SignatureUploadForm.extend({
  image: z.unknown().optional().openapi({ type: 'string', format: 'binary' }),
})
const SIGNATURE_BODY_MAX = SIGNATURE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES

/** /admin/certificados (issue 24): progress, in-person attendance, certificates issued, the conference's settings. */
export const adminCertificateRoutes = routesOf(
  // ── Progress of the online classes' students ──
  operation({
    operationId: 'listStudentProgress',
    route: 'GET /api/admin/certificados/progresso',
    summary:
      'Progresso dos alunos das turmas online: aulas concluídas (pelas evidências), última atividade, certificado',
    description:
      'Uma aula conta quando o vídeo foi reproduzido até a parte que o curso pede (ou a leitura aberta); marcar "assistida" não conta. `idle_days`: só quem ainda não tem certificado e não reproduz nem abre uma aula há mais de N dias.',
    query: ProgressQuery,
    answers: json(200, StudentProgressPage, 'Uma página de alunos, matrícula mais recente primeiro.'),
    run: ({ ctx, query }) => progressListing(ctx).list({ ctx, query }),
  }),
  operation({
    operationId: 'exportStudentProgress',
    route: 'GET /api/admin/certificados/progresso/exportacao',
    summary: 'O progresso dos alunos do filtro em CSV (UTF-8 com BOM, ";")',
    query: ProgressExportQuery,
    answers: csv('O arquivo CSV.'),
    run: ({ ctx, actor, query }) => progressListing(ctx).exportCsv({ ctx, actor, filters: query }),
  }),
  operation({
    operationId: 'getStudentEvidence',
    route: 'GET /api/admin/certificados/progresso/{id}',
    summary:
      'As evidências de estudo de uma matrícula: quanto de cada videoaula foi reproduzido, leituras abertas, aulas concluídas',
    description:
      '`id`: a matrícula. O mesmo cálculo que o aluno vê e que libera o certificado (issue 39). `assessment`: a avaliação final, quando o curso tiver uma.',
    query: NoQuery,
    answers: json(200, StudentEvidence, 'As evidências.'),
    errors: ['notFound'],
    run: studentEvidence,
  }),
  // ── In-person classes: attendance, then the certificates of those present ──
  operation({
    operationId: 'listInPersonClasses',
    route: 'GET /api/admin/certificados/turmas',
    summary: 'Turmas presenciais com data, a mais recente primeiro, com presentes, ausentes e certificados',
    query: InPersonClassesQuery,
    answers: json(200, InPersonClassPage, 'Uma página de turmas.'),
    run: listInPersonClasses,
  }),
  operation({
    operationId: 'getClassAttendance',
    route: 'GET /api/admin/certificados/turmas/{id}',
    summary: 'A lista de presença de uma turma presencial',
    query: NoQuery,
    answers: json(200, ClassAttendance, 'A turma e seus alunos.'),
    errors: ['notFound'],
    run: getClassAttendance,
  }),
  operation({
    operationId: 'markAttendance',
    route: 'PUT /api/admin/certificados/turmas/{id}/presencas',
    summary: 'Marcar presentes e ausentes (em lote), a partir do dia da turma',
    body: AttendanceInput,
    answers: json(200, ClassAttendance, 'A lista de presença.'),
    errors: ['notFound'],
    run: markAttendance,
  }),
  operation({
    operationId: 'issuePresentCertificates',
    route: 'POST /api/admin/certificados/turmas/{id}/emissao',
    summary: 'Emitir os certificados dos presentes (e avisá-los por e-mail)',
    description: 'Repetir não emite nada duas vezes: quem já tem o seu fica com ele.',
    answers: json(200, BulkIssueResult, 'Quantos foram emitidos agora e quantos já tinham.'),
    errors: ['notFound'],
    run: issuePresentCertificates,
  }),
  // ── The conference's settings ──
  operation({
    operationId: 'getConferenceCertificateSettings',
    route: 'GET /api/admin/certificados/jornada',
    summary: 'Presença mínima e signatário dos certificados da jornada',
    query: NoQuery,
    answers: json(200, ConferenceCertificateSettings, 'As configurações.'),
    run: getConferenceSettings,
  }),
  operation({
    operationId: 'updateConferenceCertificateSettings',
    route: 'PUT /api/admin/certificados/jornada',
    summary: 'Alterar a presença mínima e o signatário dos certificados da jornada',
    description: 'Envia a `version` lida: se outra pessoa salvou antes, responde 409 sem alterar nada.',
    body: ConferenceSettingsInput,
    answers: json(200, ConferenceCertificateSettings, 'As configurações.'),
    errors: ['conflict'],
    run: updateConferenceSettings,
  }),
  operation({
    operationId: 'uploadConferenceSignature',
    route: 'POST /api/admin/certificados/jornada/assinatura',
    summary: 'Enviar a assinatura dos certificados da jornada (PNG ou JPG, até 512 KB)',
    form: SignatureForm,
    answers: json(200, ConferenceCertificateSettings, 'As configurações.'),
    maxBodyBytes: SIGNATURE_BODY_MAX,
    run: ({ ctx, actor, form }) => uploadConferenceSignature({ ctx, actor, file: form.image }),
  }),
  operation({
    operationId: 'uploadCourseSignature',
    route: 'POST /api/admin/cursos/{id}/assinatura',
    summary: 'Enviar a assinatura dos certificados do curso (PNG ou JPG, até 512 KB)',
    description: 'A assinatura anterior continua nos certificados já emitidos.',
    form: SignatureForm,
    answers: json(200, Done, 'Enviada.'),
    errors: ['notFound'],
    maxBodyBytes: SIGNATURE_BODY_MAX,
    run: ({ ctx, actor, id, form }) => uploadCourseSignature({ ctx, actor, id, file: form.image }),
  }),
  // ── Certificates issued ──
  operation({
    operationId: 'listIssuedCertificates',
    route: 'GET /api/admin/certificados',
    summary: 'Certificados emitidos, com busca (código, nome, curso ou e-mail) e filtro por tipo',
    query: IssuedCertificatesQuery,
    answers: json(200, IssuedCertificatePage, 'Uma página de certificados, o mais recente primeiro.'),
    run: ({ ctx, query }) => issuedListing.list({ ctx, query }),
  }),
  operation({
    operationId: 'exportIssuedCertificates',
    route: 'GET /api/admin/certificados/exportacao',
    summary: 'Os certificados do filtro em CSV (UTF-8 com BOM, ";")',
    query: IssuedCertificatesExportQuery,
    answers: csv('O arquivo CSV.'),
    run: ({ ctx, actor, query }) => issuedListing.exportCsv({ ctx, actor, filters: query }),
  }),
  operation({
    operationId: 'revokeCertificate',
    route: 'POST /api/admin/certificados/{id}/revogacao',
    summary: 'Revogar um certificado, com o motivo (a página de verificação passa a dizê-lo)',
    body: RevokeInput,
    answers: json(200, IssuedCertificate, 'O certificado revogado.'),
    errors: ['notFound', 'conflict'],
    run: revokeIssued,
  }),
  operation({
    operationId: 'reissueCertificate',
    route: 'POST /api/admin/certificados/{id}/reemissao',
    summary: 'Reemitir um certificado com o nome corrigido (novo código; o antigo aponta para ele)',
    body: ReissueInput,
    answers: json(201, IssuedCertificate, 'O novo certificado.'),
    errors: ['notFound', 'conflict'],
    run: reissueIssued,
  }),
)
