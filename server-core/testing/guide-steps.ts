export { stepInput as step } from '../content/step-input';
