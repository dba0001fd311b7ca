import type uk from '../uk/board.js';
import type { Translation } from '../../shape.js';

const en: Translation<typeof uk> = {
  columns: {
    newTasks: 'New tasks',
    discussion: 'Discussion',
    inProgress: 'In progress',
    review: 'Review',
    estimation: 'Estimation',
    testing: 'Testing',
    calculation: 'Calculation',
    sales: 'Sales',
  },
  columnEmpty: 'Nothing here yet',
  projects: 'Projects',
  allProjects: 'All projects',
  noProjectsTitle: 'You have no projects yet',
  noProjectsText: 'Create your first project to publish tasks and discuss them with the team.',
  staffNoProjectsText: 'You have not been added to a project yet. When you are, its tasks show up here.',
  createProject: 'Create project',
  taskCount: '{{count}} tasks',
  negayno: 'Immediately',
  paused: 'Paused',
  unread: 'Unread messages: {{count}}',
  importance: 'Importance: {{level}}',
  boardOf: 'Board of “{{name}}”',
};
export default en;
