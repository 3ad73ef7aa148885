import { accessibilityPass } from '../support/e2e/a11y-pass.ts'

// axe-core and HTML_CodeSniffer over every page kind on a 375 px phone, which none scrolls sideways: tests/support/e2e/a11y-pass.ts.
accessibilityPass('phone')
