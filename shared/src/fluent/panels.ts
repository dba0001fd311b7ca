/**
 * The part of the Fluent kit a board's first paint does not draw: the overlay drawer and its parts,
 * dialogs, the archive's table, the users' switches and selects, the project menu's radios, and cards
 * (invitations on the board; the profile, the wallet and the task drawer, which fetch this part with
 * their own code). A shared module of its own, so the board's cards do not wait for it (about 28 kB
 * gzip): mf-board fetches its side panels once the cards are painted (features/panels.tsx) and the
 * invitations' list only when there are some. Like the kit and its drawers' part, it is provided by the
 * host alone (shared/webpack/index.cjs): its Select, Switch and RadioGroup read the label of a kit
 * Field, which works only when both come from one build.
 */
export {
  Card,
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
