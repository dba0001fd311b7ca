/**
 * The Fluent UI kit of the suite: every Fluent component any remote uses, re-exported from here.
 * `@negayno/shared/fluent` is the shared singleton, not `@fluentui/react-components`: Module
 * Federation cannot tree-shake a shared package, so sharing Fluent's barrel would ship every
 * component to every page. A component missing here is added here (lint forbids importing Fluent
 * directly elsewhere), unless only the task drawer or the wallet draws it: then it belongs in
 * `drawers.ts`, which the board's page never downloads; or only side panels and dialogs draw it:
 * then it belongs in `panels.ts`, which a board fetches after its first paint. The first screen's
 * part comes from `@negayno/shared/fluent-base`, through the share, so a page never holds two copies
 * of it.
 */
export * from '@negayno/shared/fluent-base';

export {
  Avatar,
  AvatarGroup,
  AvatarGroupItem,
  Badge,
  Button,
  CounterBadge,
  Dropdown,
  Field,
  Input,
  Label,
  Link,
  Menu,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Skeleton,
  SkeletonItem,
  Tooltip,
  partitionAvatarGroupItems,
} from '@fluentui/react-components';

export type { ButtonProps } from '@fluentui/react-components';
