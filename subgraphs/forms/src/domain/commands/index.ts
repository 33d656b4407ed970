export { back } from './back';
export { systemClock, type Clock, type FormsDeps } from './deps';
export { getForm } from './getForm';
export { next } from './next';
export { reset } from './reset';
export { resume } from './resume';
