import type uk from '../uk/import.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  title: 'Import from Trello',
  intro: 'In Trello: Menu → Print, export and share → Export as JSON. Choose that file (or a Negayno export archive, .zip).',
  choose: 'Choose a file…',
  chosen: 'File: {{name}}',
  reading: 'Reading the file…',
  includeArchived: 'Include archived cards',
  name: 'Name of the new project',
  into: 'Into the project “{{name}}”',
  source: { trello: 'Trello board “{{name}}”', negayno: 'Negayno export “{{name}}”' },
  table: { caption: 'What goes where', list: 'List', tasks: 'Tasks', skipped: 'Archived skipped' },
  archivedList: '{{name}} (archived)',
  summary: 'Tasks to create: {{count}}. All of them drafts in column 1.',
  carried: {
    title: 'Carried into descriptions',
    descriptions: 'descriptions: {{count}}',
    checklists: 'checklists: {{count}}',
    comments: 'comments: {{count}}',
    labels: 'labels: {{count}}',
    dueDates: 'due dates: {{count}}',
    attachmentLinks: 'attachments as links: {{count}}',
  },
  dropped: {
    title: 'Not carried over',
    none: 'Nothing',
    archivedCards: 'archived cards: {{count}}',
    cardMembers: 'card members: {{count}}',
    votes: 'votes: {{count}}',
    customFields: 'custom fields: {{count}}',
    otherActivity: 'other activity: {{count}}',
    chats: 'chats: {{count}}',
    documents: 'documents: {{count}}',
    files: 'files: {{count}}',
    transactions: 'transactions: {{count}}',
    members: 'project members: {{count}}',
  },
  confirm: 'Import',
  uploading: 'Sending the file… {{percent}}%',
  importing: 'Creating the tasks…',
};

export default en;
