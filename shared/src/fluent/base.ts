/**
 * The first screen's part of the Fluent kit that holds no context another component reads: the
 * provider and its themes, tokens, text and the spinner. It is one shared singleton for every build,
 * so the host and mf-auth no longer each bundle a copy of the themes and the provider (docs/perf.md,
 * issue 17), and the whole kit (`@negayno/shared/fluent`) re-exports it through the share.
 *
 * A component whose package holds a context that components of other packages read stays out:
 * Button (MessageBarActions sizes it), Link (MessageBarBody), Field (Input, Select, Combobox and
 * Textarea read its label). Shared here, it would be one build's copy while the kit's components read
 * another's context: a Select inside a Field lost its accessible name.
 */
export {
  FluentProvider,
  IdPrefixProvider,
  Spinner,
  Text,
  createDarkTheme,
  createLightTheme,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';

export type { BrandVariants, Theme } from '@fluentui/react-components';
