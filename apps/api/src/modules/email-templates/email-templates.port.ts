// What other modules use to write their mails: the tenant's version of a template, else the built-in one.
export { templatedMail } from './templated-mail';
