/**
 * The part of the Fluent kit that only side panels and dialogs draw (the overlay drawer and its parts,
 * dialogs, the archive's table, the users' switches and selects, the project menu's radios): a shared
 * module of its own, so a board's first paint does not wait for it (about 20 kB gzip). The board's
 * panels are a chunk of mf-board's that it fetches once the cards are painted (features/panels.tsx);
 * the task drawer, the wallet and the profile fetch this part with their own code. Like the kit and its
 * drawers' part, it is provided by the host alone (shared/webpack/index.cjs): its Select, Switch and
 * RadioGroup read the label of a kit Field, which works only when both come from one build.
 */
export {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Divider,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Radio,
  RadioGroup,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
