import type uk from '../uk/task.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  loading: 'Loading the task…',
  close: 'Close task',
  number: '#{{number}}',
  project: '@{{name}}',
  author: 'Author',
  created: 'Created {{date}}',
  published: 'Published {{date}}',
  notPublished: 'Not published yet',
  description: 'Description',
  emptyDescription: 'No description yet',
  contactTaskAuthor: 'Ask the task author in the chat',
  archived: 'Archived',
  status: {
    draft: 'Draft',
    published: 'Published',
    discussion: 'Discussion',
    estimation: 'Estimation',
    estimated: 'Estimated',
    offer: 'Offer',
    in_work: 'In progress',
    testing: 'Testing',
    review: 'Review',
    rating: 'Rating',
    archived: 'Archived',
  },
};
export default en;
