export { TagsModule } from './tags.module.js';
export { Tag } from '../contacts/tag.entity.js';
