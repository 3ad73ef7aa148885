/** Ids of the profile's form modals, opened from anywhere through the 'open-modal' event. */
export const PROFILE_MODAL_ID = 'perfilModal'
export const NEW_PASSWORD_MODAL_ID = 'novaSenhaModal'
