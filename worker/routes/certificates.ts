import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppBindings } from '../context.ts'
import { CourseUrl } from '../contract/catalog.ts'
import {
  CertificateVerification,
  HeldCertificate,
  IssueCourseCertificateInput,
  MyCertificates,
  PublicJwk,
  PublicJwks,
} from '../contract/certificates.ts'
import { Msg } from '../contract/errors.ts'
import { STATUS_LIST_TTL_SECONDS } from '../domain/open-badge.ts'
import { AppError } from '../errors.ts'
import { jsonContent, NoQuery } from '../openapi.ts'
import { CREDENTIAL_MEDIA_TYPE, publicKey, publicKeySet } from '../services/certificates/credential.ts'
import { certificatePdf } from '../services/certificates/pdf.ts'
import { currentCredential } from '../services/certificates/resign.ts'
import { statusList } from '../services/certificates/status-list.ts'
import {
  CERTIFICATE_MESSAGES,
  issueCourseCertificate,
  myCertificates,
  ownCertificate,
  verifyCertificate,
} from '../services/certificates/student.ts'
import { createdOrExisting, json, operation, response, routesOf } from './operation.ts'
import { ownRead } from './own.ts'

/** A code as typed or scanned: anything short; an unknown or malformed one answers 404, not 422. */
const CertificateCode = z.string().max(2000).openapi({ example: 'RN-7K2M9QX4TD' })

const TAGS = ['Certificados']

/** A status list's number as the URL carries it; anything else answers 404. */
const StatusListParam = z.string().max(40).openapi({ example: '1' })
const LIST_NUMBER = /^[1-9]\d{0,6}$/
/** A signing key's name (its `kid` address ends with it). */
const KeyName = z.string().max(200).openapi({ example: 'renalis-2026-11-20-3f9a1c2e' })

/** The headers of a file for its holder alone. */
function privateFile(c: Context<AppBindings>, body: BodyInit, type: string, filename: string) {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': c.var.ctx.requestId,
    },
  })
}

/** Public keys change only with a rotation, which keeps the old ones: an hour of caching. */
const KEY_MAX_AGE = 3600

/** A public document (a key, a status list) under its own media type, readable by a verifier's page on any site. */
function publicDocument(
  c: Context<AppBindings>,
  body: string,
  type: string,
  maxAge: number,
  extra: Record<string, string> = {},
) {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Cache-Control': `public, max-age=${maxAge}`,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': c.var.ctx.requestId,
      ...extra,
    },
  })
}

/** Certificates (issue 24): the student's, the files, the public verification and the keys. */
export const certificateRoutes = routesOf(
  ownRead(myCertificates, {
    operationId: 'getMyCertificates',
    path: '/api/usuario/certificados',
    tags: TAGS,
    summary:
      'Meus certificados: o progresso dos cursos online e os certificados que a pessoa tem, com os links',
    answer: MyCertificates,
    answered: 'Os cursos (aulas assistidas, se pode emitir) e os certificados.',
  }),
  operation({
    operationId: 'issueCourseCertificate',
    route: 'POST /api/usuario/cursos/{url}/certificado',
    role: 'N',
    tags: TAGS,
    summary: 'Emitir o certificado de conclusão de um curso online, com o nome confirmado pelo aluno',
    description:
      'Sem matrícula ativa no curso: 403. Aulas assistidas abaixo do que o curso pede, ou a avaliação final do curso (quando ativada) sem aprovação: 409. Nome que não é um nome completo: 422 em `errors.nome`. ' +
      'Já emitido (ou pedido duas vezes ao mesmo tempo): o mesmo certificado, nunca dois códigos.',
    params: z.object({ url: CourseUrl }),
    body: IssueCourseCertificateInput,
    answers: createdOrExisting(HeldCertificate, {
      existing: 'O certificado que já existia.',
      created: 'O certificado, emitido agora.',
    }),
    responses: { 403: jsonContent(Msg, 'Sem matrícula ativa no curso.') },
    errors: ['notFound', 'conflict'],
    run: async ({ ctx, user, params, input }) => {
      const { certificate, created } = await issueCourseCertificate({
        ctx,
        userId: user.id,
        courseUrl: params.url,
        name: input.nome,
      })
      return { value: certificate, created }
    },
  }),
  operation({
    operationId: 'downloadCertificatePdf',
    route: 'GET /api/usuario/certificados/{code}/pdf',
    role: 'N',
    tags: TAGS,
    summary: 'O certificado em PDF (A4 paisagem), para o titular ou um administrador',
    description:
      'Revogado ou suspenso (uma compra reembolsada, um pagamento contestado): 403 ao titular, com o motivo; um administrador ainda baixa.',
    params: z.object({ code: CertificateCode }),
    query: NoQuery,
    answers: response({
      200: {
        description: 'O PDF (Content-Disposition: attachment).',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      403: jsonContent(Msg, 'O certificado está revogado ou suspenso.'),
    }),
    errors: ['notFound'],
    run: async ({ c, ctx, user, params }) => {
      const row = await ownCertificate({ ctx, user, code: params.code })
      const bytes = await certificatePdf(c.env, row)
      return privateFile(c, bytes, 'application/pdf', `certificado-${row.code}.pdf`)
    },
  }),
  operation({
    operationId: 'downloadCertificateCredential',
    route: 'GET /api/usuario/certificados/{code}/credencial',
    role: 'N',
    tags: TAGS,
    summary: 'A credencial Open Badges 3.0 do certificado (JWT), para o titular ou um administrador',
    description:
      'Assinada com ES256 (cabeçalho `alg` e `kid`; o `kid` é o endereço da chave pública). Uma credencial assinada antes da issue 39 é assinada de novo no formato atual (mesmo código e id, com a entrada da lista de situação). Apagada com o nome do titular quando a conta é excluída: 404. ' +
      'Revogado ou suspenso: 403 ao titular, com o motivo; um administrador ainda baixa.',
    params: z.object({ code: CertificateCode }),
    query: NoQuery,
    answers: response({
      200: {
        description: 'A credencial (Content-Disposition: attachment).',
        content: { [CREDENTIAL_MEDIA_TYPE]: { schema: z.string() } },
      },
      403: jsonContent(Msg, 'O certificado está revogado ou suspenso.'),
    }),
    errors: ['notFound'],
    run: async ({ c, ctx, user, params }) => {
      const row = await ownCertificate({ ctx, user, code: params.code })
      const credential = await currentCredential(ctx, row)
      if (!credential) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.noCredential)
      return privateFile(c, credential, CREDENTIAL_MEDIA_TYPE, `certificado-${row.code}.jwt`)
    },
  }),
  operation({
    operationId: 'verifyCertificate',
    route: 'GET /api/certificados/{code}',
    role: 'none',
    tags: TAGS,
    summary:
      'Verificar um certificado pelo código: válido, suspenso ou revogado (quando e por quê) ou substituído (por qual)',
    description:
      'Mostra só o nome do titular, o que foi concluído, a carga horária e as datas, e a situação no momento da consulta (`checked_at`). Código desconhecido ou malformado: 404.',
    params: z.object({ code: CertificateCode }),
    query: NoQuery,
    answers: json(200, CertificateVerification, 'O certificado.'),
    errors: ['notFound'],
    cacheControl: 'no-store',
    run: ({ ctx, params }) => verifyCertificate({ ctx, code: params.code }),
  }),
  operation({
    operationId: 'getCertificateKeys',
    route: 'GET /.well-known/jwks.json',
    role: 'none',
    tags: TAGS,
    summary: 'As chaves públicas (JWKS) que verificam as credenciais dos certificados',
    description:
      'Cada chave aparece com o endereço que a responde como `kid` (o que as credenciais dizem no cabeçalho) e com o seu nome curto (o que diziam as credenciais assinadas antes da issue 39). Uma troca de chave acrescenta a nova e mantém as antigas: o que foi emitido continua verificável.',
    query: NoQuery,
    answers: response({
      200: {
        description: 'O conjunto de chaves (application/jwk-set+json).',
        content: { 'application/jwk-set+json': { schema: PublicJwks } },
      },
    }),
    offline: true,
    run: ({ c }) =>
      publicDocument(c, JSON.stringify(publicKeySet(c.env)), 'application/jwk-set+json', KEY_MAX_AGE),
  }),
  operation({
    operationId: 'getCertificateKey',
    route: 'GET /api/certificados/chaves/{kid}',
    role: 'none',
    tags: TAGS,
    summary:
      'Uma chave pública (JWK) dos certificados: o endereço que o cabeçalho `kid` das credenciais nomeia',
    description: 'Só a parte pública (nunca `d`). Chave desconhecida: 404.',
    params: z.object({ kid: KeyName }),
    query: NoQuery,
    answers: response({
      200: {
        description: 'A chave (application/jwk+json).',
        content: { 'application/jwk+json': { schema: PublicJwk } },
      },
    }),
    offline: true,
    errors: ['notFound'],
    run: ({ c, params }) => {
      const key = publicKey(c.env, params.kid)
      if (!key) throw new AppError('NOT_FOUND', 'Chave não encontrada.')
      return publicDocument(c, JSON.stringify(key), 'application/jwk+json', KEY_MAX_AGE)
    },
  }),
  operation({
    operationId: 'getCertificateStatusList',
    route: 'GET /api/certificados/situacao/{lista}',
    role: 'none',
    tags: TAGS,
    summary:
      'Uma lista de situação dos certificados (W3C Bitstring Status List v1.0), assinada como as credenciais',
    description:
      'Uma BitstringStatusListCredential em JWT: dois bits por certificado (0 válido, 1 suspenso, 2 revogado, 3 substituído), no índice que a credencial diz em `credentialStatus`. ' +
      `Guardada na borda por ${STATUS_LIST_TTL_SECONDS} s: o \`ttl\` da lista e o max-age do Cache-Control (com \`Age\`). Lista desconhecida: 404.`,
    params: z.object({ lista: StatusListParam }),
    query: NoQuery,
    answers: response({
      200: {
        description: 'A lista assinada (application/vc+jwt).',
        content: { [CREDENTIAL_MEDIA_TYPE]: { schema: z.string() } },
      },
    }),
    errors: ['notFound'],
    run: async ({ c, ctx, params: { lista } }) => {
      const found = LIST_NUMBER.test(lista) ? await statusList(ctx, Number(lista)) : null
      if (!found) throw new AppError('NOT_FOUND', 'Lista de situação não encontrada.')
      return publicDocument(c, found.jwt, CREDENTIAL_MEDIA_TYPE, STATUS_LIST_TTL_SECONDS, {
        Age: String(found.ageSeconds),
      })
    },
  }),
)
