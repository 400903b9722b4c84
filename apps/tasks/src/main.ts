// The async boundary Module Federation needs before shared modules (React & co.) are used.
import('./bootstrap');
