import type uk from '../uk/search.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  title: 'Search',
  placeholder: 'Tasks, descriptions, offers, chats…',
  label: 'What to find',
  hint: '↑↓ to choose, Enter to open, Esc to close',
  groups: {
    tasks: 'Tasks',
    descriptions: 'Descriptions',
    documents: 'Offers',
    messages: 'Messages',
    people: 'People',
    recentSearches: 'Recent searches',
    recentTasks: 'Recent tasks',
  },
  more: 'Show more',
  searching: 'Searching…',
  failed: 'The search failed',
  nothing: 'Nothing found for “{{q}}”',
  nothingHint: 'Try the start of a word, or another word.',
  start: 'Start typing: a task number, or a word from a name, description, offer or chat.',
  found: 'Found: {{count}}',
  offer: 'Offer',
  role: { user: 'Client', am: 'Account manager', pm: 'Project manager', sm: 'Sales manager', performer: 'Performer' },
  emailCopied: 'Email copied',
  system: 'System',
};

export default en;
