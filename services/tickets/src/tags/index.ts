export { TagsModule } from './tags.module.js';
export { Tag } from './tag.entity.js';
