import { accessibilityPass } from '../support/e2e/a11y-pass.ts'

// axe-core and HTML_CodeSniffer over every page kind on a desktop (1 366 px): tests/support/e2e/a11y-pass.ts.
accessibilityPass('desktop')
