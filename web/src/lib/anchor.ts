// One rule for the showcase's anchors, shared with the admin's editor check (worker/domain).
export { anchorFromTitle } from '../../../worker/domain/anchors.ts'
