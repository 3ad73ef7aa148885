import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppBindings } from '../context.ts'
import { CourseUrl } from '../contract/catalog.ts'
import {
  CertificateVerification,
  HeldCertificate,
  IssueCourseCertificateInput,
  MyCertificates,
  PublicJwks,
} from '../contract/certificates.ts'
import { Msg } from '../contract/errors.ts'
import { AppError } from '../errors.ts'
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { CREDENTIAL_TYP, publicKeySet } from '../services/certificates/credential.ts'
import { certificatePdf } from '../services/certificates/pdf.ts'
import {
  CERTIFICATE_MESSAGES,
  issueCourseCertificate,
  myCertificates,
  ownCertificate,
  verifyCertificate,
} from '../services/certificates/student.ts'
import { ownRead } from './own.ts'

/** A code as typed or scanned: anything short; an unknown or malformed one answers 404, not 422. */
const CertificateCode = z.string().max(2000).openapi({ example: 'RN-7K2M9QX4TD' })

const TAGS = ['Certificados']

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

/** Certificates (issue 24): the student's, the files, the public verification and the keys. */
export const certificateRoutes = newApp()
  .openapi(
    ...ownRead(myCertificates, {
      operationId: 'getMyCertificates',
      path: '/api/usuario/certificados',
      tags: TAGS,
      summary:
        'Meus certificados: o progresso dos cursos online e os certificados que a pessoa tem, com os links',
      answer: MyCertificates,
      answered: 'Os cursos (aulas assistidas, se pode emitir) e os certificados.',
    }),
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'issueCourseCertificate',
        method: 'post',
        path: '/api/usuario/cursos/{url}/certificado',
        tags: TAGS,
        summary: 'Emitir o certificado de conclusão de um curso online, com o nome confirmado pelo aluno',
        description:
          'Sem matrícula ativa no curso: 403. Aulas assistidas abaixo do que o curso pede, ou a avaliação final do curso (quando ativada) sem aprovação: 409. Nome que não é um nome completo: 422 em `errors.nome`. ' +
          'Já emitido (ou pedido duas vezes ao mesmo tempo): o mesmo certificado, nunca dois códigos.',
        request: { params: z.object({ url: CourseUrl }), ...jsonBody(IssueCourseCertificateInput) },
        responses: {
          200: jsonContent(HeldCertificate, 'O certificado que já existia.'),
          201: jsonContent(HeldCertificate, 'O certificado, emitido agora.'),
          403: jsonContent(Msg, 'Sem matrícula ativa no curso.'),
        },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { certificate, created } = await issueCourseCertificate({
        ctx: c.var.ctx,
        userId: user.id,
        courseUrl: c.req.valid('param').url,
        name: c.req.valid('json').nome,
      })
      return created ? c.json(certificate, 201) : c.json(certificate, 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'downloadCertificatePdf',
        method: 'get',
        path: '/api/usuario/certificados/{code}/pdf',
        tags: TAGS,
        summary: 'O certificado em PDF (A4 paisagem), para o titular ou um administrador',
        request: { params: z.object({ code: CertificateCode }), query: NoQuery },
        responses: {
          200: {
            description: 'O PDF (Content-Disposition: attachment).',
            content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
          },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const row = await ownCertificate({ ctx: c.var.ctx, user, code: c.req.valid('param').code })
      const bytes = await certificatePdf(c.env, row)
      return privateFile(c, bytes, 'application/pdf', `certificado-${row.code}.pdf`)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'downloadCertificateCredential',
        method: 'get',
        path: '/api/usuario/certificados/{code}/credencial',
        tags: TAGS,
        summary:
          'A credencial Open Badges 3.0 do certificado (JWT, vc+jwt), para o titular ou um administrador',
        description:
          'Assinada com ES256 por uma chave de `/.well-known/jwks.json` (cabeçalho `kid`). Apagada com o nome do titular quando a conta é excluída: 404.',
        request: { params: z.object({ code: CertificateCode }), query: NoQuery },
        responses: {
          200: {
            description: 'A credencial (Content-Disposition: attachment).',
            content: { [`application/${CREDENTIAL_TYP}`]: { schema: z.string() } },
          },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const row = await ownCertificate({ ctx: c.var.ctx, user, code: c.req.valid('param').code })
      if (!row.credential) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.noCredential)
      return privateFile(c, row.credential, `application/${CREDENTIAL_TYP}`, `certificado-${row.code}.jwt`)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'verifyCertificate',
        method: 'get',
        path: '/api/certificados/{code}',
        tags: TAGS,
        summary:
          'Verificar um certificado pelo código: válido, revogado (quando e por quê) ou substituído (por qual)',
        description:
          'Mostra só o nome do titular, o que foi concluído, a carga horária e as datas. Código desconhecido ou malformado: 404.',
        request: { params: z.object({ code: CertificateCode }), query: NoQuery },
        responses: { 200: jsonContent(CertificateVerification, 'O certificado.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json(await verifyCertificate({ ctx: c.var.ctx, code: c.req.valid('param').code }), 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getCertificateKeys',
        method: 'get',
        path: '/.well-known/jwks.json',
        tags: TAGS,
        summary: 'As chaves públicas (JWKS) que verificam as credenciais dos certificados',
        description:
          'Cada credencial diz no cabeçalho `kid` qual chave a assinou. Uma troca de chave acrescenta a nova e mantém as antigas: o que foi emitido continua verificável.',
        request: { query: NoQuery },
        responses: { 200: jsonContent(PublicJwks, 'O conjunto de chaves.') },
      },
      { offline: true },
    ),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      return c.json(publicKeySet(c.env) as z.infer<typeof PublicJwks>, 200)
    },
  )
