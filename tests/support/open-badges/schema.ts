/**
 * A JSON Schema (2020-12) of an OB 3.0 AchievementCredential, written from 1EdTech's data model
 * (openbadges-specification: ob_v3p0/common_credentials.lines, ob_v3p0.lines) for the classes
 * this verifier reads closely. Each property: its type and multiplicity as the model states them
 * ("1" required, "0..1" optional, "0..*"/"1..*" arrays, "1..* array-compacted" an unordered set,
 * i.e. an array, "Constraint contains X" a member, "equals X" a constant); a class with the
 * Extensions mixin (or whose parent has it) takes more properties, one without it does not.
 * Classes this issuer never uses are checked for their shape only (object, array of objects).
 */

/** The URL `credentialSchema` names for this schema (1EdTech's, `type` 1EdTechJsonSchemaValidator2019). */
export const ACHIEVEMENT_CREDENTIAL_SCHEMA_ID =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json'

const string = { type: 'string' }
const number = { type: 'number' }
const boolean = { type: 'boolean' }
/** URI (DerivedType): a NormalizedString that is a URI. */
const uri = { type: 'string', format: 'uri' }
/** DateTimeZ: a date-time with its zone ('2021-09-07T02:09:59+02:00'). */
const dateTimeZ = { type: 'string', format: 'date-time' }
/** DateTime: ISO 8601 'YYYY-MM-DDThh:mm:ss', a zone allowed; never a bare date. */
const dateTime = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?$',
}
/** Date: 'YYYY-MM-DD'. */
const date = { type: 'string', format: 'date' }
/** LanguageCode: a BCP 47 tag ('pt-BR'). */
const languageCode = { type: 'string', pattern: '^[a-z]{2,4}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$' }
/** CompactJws. */
const compactJws = { type: 'string', pattern: '^[a-zA-Z0-9_-]+\\.[a-zA-Z0-9_-]*\\.[a-zA-Z0-9_-]+$' }
/** "IRI 1..* array-compacted" with "Constraint contains <name>": an unordered set holding it. */
const typeSet = (name: string) => ({ type: 'array', minItems: 1, items: string, contains: { const: name } })
const arrayOf = (items: object) => ({ type: 'array', items })
const ref = (name: string) => ({ $ref: `#/$defs/${name}` })
/** A class this issuer does not use: its shape only. */
const someObject = { type: 'object' }

/** AchievementType (EnumExt): the model's terms, or an extension 'ext:…'. */
const ACHIEVEMENT_TYPES = [
  'Achievement',
  'ApprenticeshipCertificate',
  'Assessment',
  'Assignment',
  'AssociateDegree',
  'Award',
  'Badge',
  'BachelorDegree',
  'Certificate',
  'CertificateOfCompletion',
  'Certification',
  'CommunityService',
  'Competency',
  'Course',
  'CoCurricular',
  'Degree',
  'Diploma',
  'DoctoralDegree',
  'Fieldwork',
  'GeneralEducationDevelopment',
  'JourneymanCertificate',
  'LearningProgram',
  'License',
  'Membership',
  'ProfessionalDoctorate',
  'QualityAssuranceCredential',
  'MasterCertificate',
  'MasterDegree',
  'MicroCredential',
  'ResearchDoctorate',
  'SecondarySchoolDiploma',
]

/** IdentifierTypeEnum (EnumExt, from the CDM, plus 'name'), or an extension 'ext:…'. */
const IDENTIFIER_TYPES = [
  'name',
  'sourcedId',
  'systemId',
  'productId',
  'userName',
  'accountId',
  'emailAddress',
  'nationalIdentityNumber',
  'isbn',
  'issn',
  'lisSourcedId',
  'oneRosterSourcedId',
  'sisSourcedId',
  'ltiContextId',
  'ltiDeploymentId',
  'ltiToolId',
  'ltiPlatformId',
  'ltiUserId',
  'identifier',
]
const extensible = (values: string[]) => ({
  anyOf: [
    { type: 'string', enum: values },
    { type: 'string', pattern: '^ext:[a-zA-Z0-9.\\-_]+$' },
  ],
})

export const ACHIEVEMENT_CREDENTIAL_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: ACHIEVEMENT_CREDENTIAL_SCHEMA_ID,
  title: 'AchievementCredential (OB 3.0), written from common_credentials.lines',
  type: 'object',
  properties: {
    // "Constraint items [https://www.w3.org/ns/credentials/v2, /…context(-3\.\d\.\d)*\.json$/]", 2..*
    '@context': {
      type: 'array',
      minItems: 2,
      prefixItems: [
        { const: 'https://www.w3.org/ns/credentials/v2' },
        {
          type: 'string',
          pattern:
            '^https:\\/\\/purl\\.imsglobal\\.org\\/spec\\/ob\\/v3p0\\/context(-3\\.\\d\\.\\d)*\\.json$',
        },
      ],
      items: { anyOf: [uri, { type: 'object' }] },
    },
    id: uri,
    type: { type: 'array', minItems: 1, items: string },
    name: string,
    description: string,
    image: ref('Image'),
    awardedDate: dateTimeZ,
    credentialSubject: ref('AchievementSubject'),
    endorsement: arrayOf(someObject),
    endorsementJwt: arrayOf(compactJws),
    evidence: arrayOf(ref('Evidence')),
    issuer: ref('ProfileRef'),
    validFrom: dateTimeZ,
    validUntil: dateTimeZ,
    proof: arrayOf(someObject),
    credentialSchema: arrayOf(ref('CredentialSchema')),
    credentialStatus: ref('CredentialStatus'),
    refreshService: someObject,
    termsOfUse: arrayOf(someObject),
  },
  // VerifiableCredential's type contains 'VerifiableCredential'; the AchievementCredential's one of the two names.
  allOf: [
    { properties: { type: { contains: { const: 'VerifiableCredential' } } } },
    { properties: { type: { contains: { enum: ['AchievementCredential', 'OpenBadgeCredential'] } } } },
  ],
  required: ['@context', 'id', 'type', 'credentialSubject', 'issuer', 'validFrom'],
  $defs: {
    ProfileRef: { anyOf: [uri, ref('Profile')] },
    Profile: {
      type: 'object',
      properties: {
        id: uri,
        type: typeSet('Profile'),
        name: string,
        url: uri,
        phone: string,
        description: string,
        endorsement: arrayOf(someObject),
        endorsementJwt: arrayOf(compactJws),
        image: ref('Image'),
        email: string,
        address: someObject,
        otherIdentifier: arrayOf(someObject),
        official: string,
        parentOrg: ref('Profile'),
        familyName: string,
        givenName: string,
        additionalName: string,
        patronymicName: string,
        honorificPrefix: string,
        honorificSuffix: string,
        familyNamePrefix: string,
        dateOfBirth: date,
      },
      required: ['id', 'type'],
    },
    AchievementSubject: {
      type: 'object',
      properties: {
        id: uri,
        type: typeSet('AchievementSubject'),
        activityEndDate: dateTime,
        activityStartDate: dateTime,
        creditsEarned: number,
        achievement: ref('Achievement'),
        identifier: arrayOf(ref('IdentityObject')),
        image: ref('Image'),
        licenseNumber: string,
        narrative: string,
        result: arrayOf(ref('Result')),
        role: string,
        source: ref('Profile'),
        term: string,
      },
      required: ['type', 'achievement'],
    },
    Achievement: {
      type: 'object',
      properties: {
        id: uri,
        type: typeSet('Achievement'),
        alignment: arrayOf(someObject),
        achievementType: extensible(ACHIEVEMENT_TYPES),
        creator: ref('Profile'),
        creditsAvailable: number,
        criteria: ref('Criteria'),
        description: string,
        endorsement: arrayOf(someObject),
        endorsementJwt: arrayOf(compactJws),
        fieldOfStudy: string,
        humanCode: string,
        image: ref('Image'),
        inLanguage: languageCode,
        name: string,
        otherIdentifier: arrayOf(someObject),
        related: arrayOf(someObject),
        resultDescription: arrayOf(someObject),
        specialization: string,
        tag: arrayOf(string),
        version: string,
      },
      required: ['id', 'type', 'criteria', 'description', 'name'],
    },
    Criteria: { type: 'object', properties: { id: uri, narrative: string } },
    IdentityObject: {
      type: 'object',
      properties: {
        type: { const: 'IdentityObject' },
        hashed: boolean,
        identityHash: string,
        identityType: extensible(IDENTIFIER_TYPES),
        salt: string,
      },
      required: ['type', 'hashed', 'identityHash', 'identityType'],
      // No Extensions mixin: nothing else.
      additionalProperties: false,
    },
    Evidence: {
      type: 'object',
      properties: {
        id: uri,
        type: typeSet('Evidence'),
        narrative: string,
        name: string,
        description: string,
        genre: string,
        audience: string,
      },
      required: ['type'],
    },
    Image: {
      type: 'object',
      properties: { id: uri, type: { const: 'Image' }, caption: string },
      required: ['id', 'type'],
      additionalProperties: false,
    },
    Result: {
      type: 'object',
      properties: {
        type: typeSet('Result'),
        achievedLevel: uri,
        alignment: arrayOf(someObject),
        resultDescription: uri,
        status: {
          enum: ['Completed', 'Enrolled', 'Failed', 'InProgress', 'OnHold', 'Provisional', 'Withdrew'],
        },
        value: string,
      },
      required: ['type'],
    },
    CredentialSchema: {
      type: 'object',
      properties: { id: uri, type: string },
      required: ['id', 'type'],
    },
    // 0..1 on the credential: one object, never a list.
    CredentialStatus: {
      type: 'object',
      properties: { id: uri, type: string },
      required: ['id', 'type'],
    },
  },
} as const
