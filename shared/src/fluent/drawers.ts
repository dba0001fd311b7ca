/**
 * The part of the Fluent kit only the task drawer and the wallet draw (tabs, the chat composer's
 * popover, the action forms' checkboxes, text areas and rating, the documents' progress): a shared
 * module of its own, so the board, the profile and a signed-out page never download it (about 20 kB
 * gzip). Like the kit, it is provided by the host alone (shared/webpack/index.cjs): its Textarea and
 * Checkbox read the label of a kit Field, which works only when both come from one build.
 */
export {
  AvatarGroupPopover,
  CardHeader,
  Checkbox,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  ProgressBar,
  Rating,
  Tab,
  TabList,
  Textarea,
} from '@fluentui/react-components';
