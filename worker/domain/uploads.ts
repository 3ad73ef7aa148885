/** Request body limits (DESIGN 3: oversize bodies answer 413 and change nothing). */
export const JSON_BODY_MAX_BYTES = 64 * 1024
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024
/** A course's or product's slider image, uploaded by an administrator. */
export const CATALOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const STUDENT_DOC_MAX_BYTES = 5 * 1024 * 1024
/** Room for the multipart boundaries and headers around an uploaded file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** No request may be larger: refused from its Content-Length before anything reads it. */
export const ANY_BODY_MAX_BYTES = STUDENT_DOC_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
/** A call's PDF (edital), uploaded by an administrator. */
export const EDITAL_PDF_MAX_BYTES = 5 * 1024 * 1024
/** A certificate's signature picture (PNG or JPEG, what the PDF embeds): small. */
export const SIGNATURE_MAX_BYTES = 512 * 1024
