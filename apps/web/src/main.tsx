import './shell/styles/global.css';
import { bootstrap } from './app/bootstrap';

const container = document.getElementById('root');
if (container) bootstrap(container);
